/// Base64 decoding that accepts what people actually paste: either alphabet (standard or URL-safe), any
/// whitespace and line breaks, and missing padding. Anything else is an error that names the character and offset.
package enum LenientBase64 {
    /// Why a text is not base64.
    package struct Failure: Error, Equatable, Sendable {
        /// Offset in the text handed to ``decode(_:)``.
        package let offset: Int
        package let reason: String
    }

    /// Which alphabet the text used.
    package enum Alphabet: String, Sendable {
        case standard
        case urlSafe = "url-safe"
        case mixed
    }

    /// 0-63 for alphabet characters, 64 for whitespace, 255 for anything else.
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8.enumerated() {
            table[Int(byte)] = UInt8(index)
        }
        table[Int(UInt8(ascii: "+"))] = 62
        table[Int(UInt8(ascii: "-"))] = 62
        table[Int(UInt8(ascii: "/"))] = 63
        table[Int(UInt8(ascii: "_"))] = 63
        for byte in 0...255 where ASCII.isWhitespace(UInt8(byte)) { table[byte] = 64 }
        return table
    }()

    /// Flags in ``quadTable`` entries: not an alphabet character (whitespace, padding, anything else), and the
    /// characters that tell the alphabets apart.
    private static let notPlain: UInt32 = 0x8000_0000
    private static let standardOnly: UInt32 = 0x0100_0000
    private static let urlSafeOnly: UInt32 = 0x0200_0000

    /// Four tables of 256, one per position in a group of four characters: an alphabet character's six bits
    /// already shifted to where they land in the group's 24, so a group decodes with four lookups and three ORs
    /// and one test of ``notPlain`` covers a whole block. Bits 24 and 25 mark `+` `/` and `-` `_` so the
    /// alphabet is learnt without a branch per group.
    private static let quadTable: [UInt32] = {
        var quad = [UInt32](repeating: notPlain, count: 4 * 256)
        for position in 0..<4 {
            for byte in 0..<256 where table[byte] < 64 {
                var entry = UInt32(table[byte]) << UInt32(18 - 6 * position)
                switch UInt8(byte) {
                case UInt8(ascii: "+"), UInt8(ascii: "/"): entry |= standardOnly
                case UInt8(ascii: "-"), UInt8(ascii: "_"): entry |= urlSafeOnly
                default: break
                }
                quad[position * 256 + byte] = entry
            }
        }
        return quad
    }()

    /// Whether every byte is a base64 character, '=' or whitespace (a cheap pre-check used by input sniffing).
    package static func looksLikeBase64(_ bytes: some Collection<UInt8>) -> Bool {
        var significant = 0
        for byte in bytes {
            let code = table[Int(byte)]
            if code < 64 { significant += 1 } else if code != 64 && byte != UInt8(ascii: "=") { return false }
        }
        return significant > 0
    }

    /// Decodes `text`, reporting the alphabet seen.
    package static func decode(_ text: some Collection<UInt8>) throws(Failure) -> (bytes: [UInt8], alphabet: Alphabet) {
        // One pass over contiguous memory with a table lookup per byte: this runs on every batch record.
        let inPlace = text.withContiguousStorageIfAvailable { input in
            table.withUnsafeBufferPointer { table in
                quadTable.withUnsafeBufferPointer { quad in decode(input, table: table, quadTable: quad) }
            }
        }
        if let inPlace { return try inPlace.get() }
        let contiguous = ContiguousArray(text)
        var result: Result<(bytes: [UInt8], alphabet: Alphabet), Failure> = .success(([], .standard))
        contiguous.withUnsafeBufferPointer { input in
            table.withUnsafeBufferPointer { table in
                quadTable.withUnsafeBufferPointer { quad in result = decode(input, table: table, quadTable: quad) }
            }
        }
        return try result.get()
    }

    private static func decode(
        _ input: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>, quadTable: UnsafeBufferPointer<UInt32>
    ) -> Result<(bytes: [UInt8], alphabet: Alphabet), Failure> {
        var decoder = Decoder(input: input, table: table, quadTable: quadTable)
        var failure: Failure? = nil
        // Eight bytes of slack: the plain loop stores six decoded bytes with one eight-byte write.
        let out = [UInt8](unsafeUninitializedCapacity: input.count / 4 * 3 + 3 + 8) { output, initialized in
            failure = decoder.run(into: output)
            initialized = decoder.written
        }
        if let failure { return .failure(failure) }
        let alphabet: Alphabet = decoder.sawStandard && decoder.sawURLSafe ? .mixed : (decoder.sawURLSafe ? .urlSafe : .standard)
        return .success((out, alphabet))
    }

    /// The decoding loop: sixteen or four characters at a time while the text is plain base64, one at a time around
    /// whitespace, padding and errors.
    private struct Decoder {
        let input: UnsafeBufferPointer<UInt8>
        let table: UnsafeBufferPointer<UInt8>
        let quadTable: UnsafeBufferPointer<UInt32>
        var written = 0
        var accumulator: UInt32 = 0
        var pending = 0
        var paddingAt: Int? = nil
        var lastSignificant = 0
        var sawStandard = false
        var sawURLSafe = false

        init(input: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>, quadTable: UnsafeBufferPointer<UInt32>) {
            self.input = input
            self.table = table
            self.quadTable = quadTable
        }

        mutating func run(into out: UnsafeMutableBufferPointer<UInt8>) -> Failure? {
            var offset = 0
            let count = input.count
            while offset < count {
                if pending == 0, paddingAt == nil, offset + 4 <= count {
                    offset = runPlain(from: offset, into: out)
                    guard offset < count else { break }
                }
                if let failure = step(offset, into: out) { return failure }
                offset += 1
            }
            switch pending {
            case 1:
                return Failure(
                    offset: lastSignificant, reason: "a single base64 character left over at the end (truncated input?)")
            case 2:
                out[written] = UInt8(truncatingIfNeeded: accumulator >> 4)
                written += 1
            case 3:
                out[written] = UInt8(truncatingIfNeeded: accumulator >> 10)
                out[written + 1] = UInt8(truncatingIfNeeded: accumulator >> 2)
                written += 2
            default: break
            }
            return nil
        }

        /// One group of four characters, the low four bytes of `chunk` from bit `shift` on: the 24 decoded bits,
        /// or'd with the flags of its characters.
        @inline(__always)
        func group(_ chunk: UInt64, _ shift: UInt64) -> UInt32 {
            let a = Int(truncatingIfNeeded: (chunk >> shift) & 0xFF)
            let b = Int(truncatingIfNeeded: (chunk >> (shift + 8)) & 0xFF)
            let c = Int(truncatingIfNeeded: (chunk >> (shift + 16)) & 0xFF)
            let d = Int(truncatingIfNeeded: (chunk >> (shift + 24)) & 0xFF)
            return quadTable[a] | quadTable[256 + b] | quadTable[512 + c] | quadTable[768 + d]
        }

        /// Decodes whole groups of four alphabet characters from `start` on, with the state in locals, and
        /// returns where the first group with anything else (whitespace, padding, an error) starts.
        @inline(__always)
        mutating func runPlain(from start: Int, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
            var offset = start
            var written = self.written
            var flags: UInt32 = 0
            let raw = UnsafeRawBufferPointer(input)
            let rawOut = UnsafeMutableRawBufferPointer(out)
            let count = input.count
            // Sixteen characters at a time: two loads, sixteen lookups, one validity test, two eight-byte stores
            // of six decoded bytes each (the second overwrites the first's slack). A block with anything but
            // alphabet characters is left whole to the groups below and the one-character path.
            while count &- offset >= 16 {
                let low = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self))
                let g0 = group(low, 0), g1 = group(low, 32), g2 = group(high, 0), g3 = group(high, 32)
                let all = g0 | g1 | g2 | g3
                guard all & LenientBase64.notPlain == 0 else { break }
                flags |= all
                let first = UInt64(g0 & 0xFF_FFFF) << 40 | UInt64(g1 & 0xFF_FFFF) << 16
                let second = UInt64(g2 & 0xFF_FFFF) << 40 | UInt64(g3 & 0xFF_FFFF) << 16
                rawOut.storeBytes(of: first.bigEndian, toByteOffset: written, as: UInt64.self)
                rawOut.storeBytes(of: second.bigEndian, toByteOffset: written &+ 6, as: UInt64.self)
                // Both stay below input.count, so wrapping adds never wrap.
                written &+= 12
                offset &+= 16
            }
            while count - offset >= 4 {
                let front = quadTable[Int(input[offset])] | quadTable[256 + Int(input[offset + 1])]
                let value = front | quadTable[512 + Int(input[offset + 2])] | quadTable[768 + Int(input[offset + 3])]
                guard value & LenientBase64.notPlain == 0 else { break }
                flags |= value
                out[written] = UInt8(truncatingIfNeeded: value >> 16)
                out[written + 1] = UInt8(truncatingIfNeeded: value >> 8)
                out[written + 2] = UInt8(truncatingIfNeeded: value)
                written += 3
                offset += 4
            }
            if offset > start { lastSignificant = offset - 1 }
            if flags & LenientBase64.standardOnly != 0 { sawStandard = true }
            if flags & LenientBase64.urlSafeOnly != 0 { sawURLSafe = true }
            self.written = written
            return offset
        }

        /// One character: whitespace is skipped, '=' starts the padding, anything else must be base64.
        mutating func step(_ offset: Int, into out: UnsafeMutableBufferPointer<UInt8>) -> Failure? {
            let byte = input[offset]
            let code = table[Int(byte)]
            if code < 64 {
                if let paddingAt {
                    return Failure(offset: offset, reason: "data continues after the '=' padding at offset \(paddingAt)")
                }
                if code >= 62 { noteAlphabet(offset, 1) }
                lastSignificant = offset
                accumulator = accumulator << 6 | UInt32(code)
                pending += 1
                if pending == 4 {
                    out[written] = UInt8(truncatingIfNeeded: accumulator >> 16)
                    out[written + 1] = UInt8(truncatingIfNeeded: accumulator >> 8)
                    out[written + 2] = UInt8(truncatingIfNeeded: accumulator)
                    written += 3
                    accumulator = 0
                    pending = 0
                }
                return nil
            }
            if code == 64 { return nil }
            if byte == UInt8(ascii: "=") {
                if paddingAt == nil { paddingAt = offset }
                return nil
            }
            return Failure(offset: offset, reason: "invalid character \(describe(byte))")
        }

        mutating func noteAlphabet(_ offset: Int, _ length: Int) {
            for byte in input[offset..<(offset + length)] {
                switch byte {
                case 0x2B, 0x2F: sawStandard = true
                case 0x2D, 0x5F: sawURLSafe = true
                default: break
                }
            }
        }
    }

    /// A character as a user would want to see it in an error: `'#'`, or `byte 0xff` when unprintable.
    static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    /// Encodes bytes with the standard alphabet and padding, or with `urlSafe` the base64url alphabet without
    /// padding that JWS uses (RFC 7515 §2).
    package static func encode(_ bytes: some Collection<UInt8>, urlSafe: Bool = false) -> String {
        let alphabet = Array(
            (urlSafe
                ? "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
                : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/").utf8)
        let padding: UInt8? = urlSafe ? nil : UInt8(ascii: "=")
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            let value = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            out.append(alphabet[Int(value >> 18 & 63)])
            out.append(alphabet[Int(value >> 12 & 63)])
            if let second = second.map({ _ in alphabet[Int(value >> 6 & 63)] }) ?? padding { out.append(second) }
            if let third = third.map({ _ in alphabet[Int(value & 63)] }) ?? padding { out.append(third) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
