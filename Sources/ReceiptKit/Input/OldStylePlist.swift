/// Reads the NeXTSTEP ("old-style") property-list text of iOS 6 transaction receipts:
/// `{ "signature" = "..."; "purchase-info" = "..."; }`. Only dictionaries of strings occur there, so that is
/// what is supported; nested dictionaries and arrays are refused with an offset.
public enum OldStylePlist {
    public struct Failure: Error, Equatable, Sendable {
        public let offset: Int
        public let reason: String
    }

    /// Bytes after the closing brace that are tolerated: remnants of base64 that was cut or padded wrongly,
    /// seen in transaction receipts copied into public code.
    public static let toleratedTrailingBytes = 8

    /// The key/value pairs of the top-level dictionary, in written order, and how many stray bytes followed it.
    public static func parseDictionary(_ bytes: [UInt8]) throws(Failure) -> (
        pairs: [(key: String, value: String)], trailingBytes: Int
    ) {
        var index = 0
        func skip() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        func token() throws(Failure) -> String {
            skip()
            guard index < bytes.count else { throw Failure(offset: index, reason: "unexpected end of plist") }
            if bytes[index] == 0x22 {
                index += 1
                var out: [UInt8] = []
                while true {
                    guard index < bytes.count else { throw Failure(offset: index, reason: "unterminated string") }
                    let byte = bytes[index]
                    index += 1
                    if byte == 0x22 { break }
                    if byte == 0x5C, index < bytes.count {
                        let escaped = bytes[index]
                        index += 1
                        switch escaped {
                        case 0x6E: out.append(0x0A)
                        case 0x74: out.append(0x09)
                        default: out.append(escaped)
                        }
                    } else {
                        out.append(byte)
                    }
                }
                return String(decoding: out, as: UTF8.self)
            }
            let start = index
            while index < bytes.count, isBareCharacter(bytes[index]) { index += 1 }
            guard index > start else {
                throw Failure(offset: index, reason: "unexpected character \(LenientBase64.describe(bytes[index]))")
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        func expect(_ byte: UInt8) throws(Failure) {
            skip()
            guard index < bytes.count, bytes[index] == byte else {
                throw Failure(offset: index, reason: "expected '\(Character(Unicode.Scalar(byte)))'")
            }
            index += 1
        }
        try expect(0x7B)
        var pairs: [(key: String, value: String)] = []
        while true {
            skip()
            guard index < bytes.count else { throw Failure(offset: index, reason: "unterminated dictionary") }
            if bytes[index] == 0x7D { index += 1; break }
            guard pairs.count < Limits.maximumPlistPairs else {
                throw Failure(
                    offset: index,
                    reason: "too many entries in one dictionary: the limit is \(Limits.maximumPlistPairs), exceeded")
            }
            let key = try token()
            try expect(0x3D)
            let value = try token()
            try expect(0x3B)
            pairs.append((key, value))
        }
        skip()
        // A NUL terminator is common in transaction receipts captured from Objective-C.
        while index < bytes.count, bytes[index] == 0 { index += 1 }
        skip()
        guard bytes.count - index <= toleratedTrailingBytes else {
            throw Failure(offset: index, reason: "unexpected text after the dictionary")
        }
        return (pairs, bytes.count - index)
    }

    private static func isBareCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"):
            return true
        default: return false
        }
    }
}
