/// Reads the NeXTSTEP ("old-style") property-list text of iOS 6 transaction receipts:
/// `{ "signature" = "..."; "purchase-info" = "..."; }`. Only dictionaries of strings occur there, so that is
/// what is supported; nested dictionaries and arrays are refused with an offset.
package enum OldStylePlist {
    package struct Failure: Error, Equatable, Sendable {
        package let offset: Int
        package let reason: String
    }

    /// Bytes after the closing brace that are tolerated: remnants of base64 that was cut or padded wrongly,
    /// seen in transaction receipts copied into public code.
    package static let toleratedTrailingBytes = 8

    /// The key/value pairs of the top-level dictionary, in written order, and how many stray bytes followed it.
    package static func parseDictionary(_ bytes: [UInt8]) throws(Failure) -> (
        pairs: [(key: String, value: String)], trailingBytes: Int
    ) {
        var scanner = Scanner(bytes: bytes)
        try scanner.expect(0x7B)
        var pairs: [(key: String, value: String)] = []
        while true {
            scanner.skipWhitespace()
            guard let byte = scanner.peek else { throw Failure(offset: scanner.index, reason: "unterminated dictionary") }
            if byte == 0x7D {
                scanner.index += 1
                break
            }
            guard pairs.count < Limits.maximumPlistPairs else {
                throw Failure(
                    offset: scanner.index,
                    reason: "too many entries in one dictionary: the limit is \(Limits.maximumPlistPairs), exceeded")
            }
            let key = try scanner.token()
            try scanner.expect(0x3D)
            let value = try scanner.token()
            try scanner.expect(0x3B)
            pairs.append((key, value))
        }
        scanner.skipWhitespace()
        // A NUL terminator is common in transaction receipts captured from Objective-C.
        while scanner.peek == 0 { scanner.index += 1 }
        scanner.skipWhitespace()
        guard bytes.count - scanner.index <= toleratedTrailingBytes else {
            throw Failure(offset: scanner.index, reason: "unexpected text after the dictionary")
        }
        return (pairs, bytes.count - scanner.index)
    }

    /// A cursor over the plist bytes: whitespace, quoted or bare tokens, punctuation.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while index < bytes.count, ASCII.isWhitespace(bytes[index]) { index += 1 }
        }

        mutating func expect(_ byte: UInt8) throws(Failure) {
            skipWhitespace()
            guard peek == byte else { throw Failure(offset: index, reason: "expected '\(Character(Unicode.Scalar(byte)))'") }
            index += 1
        }

        /// A quoted string (backslash escapes: n, t, or the character itself) or a run of bare characters.
        mutating func token() throws(Failure) -> String {
            skipWhitespace()
            guard let first = peek else { throw Failure(offset: index, reason: "unexpected end of plist") }
            if first == 0x22 { return try quoted() }
            let start = index
            while index < bytes.count, OldStylePlist.isBareCharacter(bytes[index]) { index += 1 }
            guard index > start else {
                throw Failure(offset: index, reason: "unexpected character \(LenientBase64.describe(bytes[index]))")
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        private mutating func quoted() throws(Failure) -> String {
            index += 1
            var out: [UInt8] = []
            while true {
                guard index < bytes.count else { throw Failure(offset: index, reason: "unterminated string") }
                let byte = bytes[index]
                index += 1
                if byte == 0x22 { break }
                guard byte == 0x5C, index < bytes.count else {
                    out.append(byte)
                    continue
                }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case 0x6E: out.append(0x0A)
                case 0x74: out.append(0x09)
                default: out.append(escaped)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    fileprivate static func isBareCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"):
            return true
        default: return false
        }
    }
}
