/// Base64 decoding that accepts what people actually paste: either alphabet (standard or URL-safe), any
/// whitespace and line breaks, and missing padding. Anything else is an error that names the character and offset.
public enum LenientBase64 {
    /// Why a text is not base64.
    public struct Failure: Error, Equatable, Sendable {
        /// Offset in the text handed to ``decode(_:)``.
        public let offset: Int
        public let reason: String
    }

    /// Which alphabet the text used.
    public enum Alphabet: String, Sendable {
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

    /// ``table`` widened for the plain loop: the low byte is the same code, bit 8 marks `+` and `/` (standard
    /// alphabet) and bit 9 `-` and `_` (URL-safe), so the alphabet is learnt without a branch per group.
    private static let wideTable: [UInt16] = table.enumerated().map { byte, code in
        switch UInt8(byte) {
        case UInt8(ascii: "+"), UInt8(ascii: "/"): return UInt16(code) | 0x100
        case UInt8(ascii: "-"), UInt8(ascii: "_"): return UInt16(code) | 0x200
        default: return UInt16(code)
        }
    }

    /// Whether every byte is a base64 character, '=' or whitespace (a cheap pre-check used by input sniffing).
    public static func looksLikeBase64(_ bytes: some Collection<UInt8>) -> Bool {
        var significant = 0
        for byte in bytes {
            let code = table[Int(byte)]
            if code < 64 { significant += 1 } else if code != 64 && byte != UInt8(ascii: "=") { return false }
        }
        return significant > 0
    }

    /// Decodes `text`, reporting the alphabet seen.
    public static func decode(_ text: some Collection<UInt8>) throws(Failure) -> (bytes: [UInt8], alphabet: Alphabet) {
        // One pass over contiguous memory with a table lookup per byte: this runs on every batch record.
        let inPlace = text.withContiguousStorageIfAvailable { input in
            table.withUnsafeBufferPointer { table in
                wideTable.withUnsafeBufferPointer { wide in decode(input, table: table, wideTable: wide) }
            }
        }
        if let inPlace { return try inPlace.get() }
        let contiguous = ContiguousArray(text)
        var result: Result<(bytes: [UInt8], alphabet: Alphabet), Failure> = .success(([], .standard))
        contiguous.withUnsafeBufferPointer { input in
            table.withUnsafeBufferPointer { table in
                wideTable.withUnsafeBufferPointer { wide in result = decode(input, table: table, wideTable: wide) }
            }
        }
        return try result.get()
    }

    private static func decode(
        _ input: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>, wideTable: UnsafeBufferPointer<UInt16>
    ) -> Result<(bytes: [UInt8], alphabet: Alphabet), Failure> {
        var decoder = Decoder(input: input, table: table, wideTable: wideTable)
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

    /// The decoding loop: four characters at a time while the text is plain base64, one at a time around
    /// whitespace, padding and errors.
    private struct Decoder {
        let input: UnsafeBufferPointer<UInt8>
        let table: UnsafeBufferPointer<UInt8>
        let wideTable: UnsafeBufferPointer<UInt16>
        var written = 0
        var accumulator: UInt32 = 0
        var pending = 0
        var paddingAt: Int? = nil
        var lastSignificant = 0
        var sawStandard = false
        var sawURLSafe = false

        init(input: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>, wideTable: UnsafeBufferPointer<UInt16>) {
            self.input = input
            self.table = table
            self.wideTable = wideTable
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

        /// The wide table's entry for the byte at bit `shift` of `chunk`.
        @inline(__always)
        func code(_ chunk: UInt64, _ shift: UInt64) -> UInt16 { wideTable[Int(truncatingIfNeeded: (chunk >> shift) & 0xFF)] }

        /// Decodes whole groups of four alphabet characters from `start` on, with the state in locals, and
        /// returns where the first group with anything else (whitespace, padding, an error) starts.
        @inline(__always)
        mutating func runPlain(from start: Int, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
            var offset = start
            var written = self.written
            var alphabets: UInt16 = 0
            let raw = UnsafeRawBufferPointer(input)
            let rawOut = UnsafeMutableRawBufferPointer(out)
            // Eight characters at a time: one load, eight lookups, one store of six bytes (plus two of slack).
            while offset < input.count - 7 {
                let chunk = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                // Written out rather than looped: eight independent lookups, then one combination.
                let c0 = code(chunk, 0), c1 = code(chunk, 8), c2 = code(chunk, 16), c3 = code(chunk, 24)
                let c4 = code(chunk, 32), c5 = code(chunk, 40), c6 = code(chunk, 48), c7 = code(chunk, 56)
                let all = c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7
                guard all & 0xFF < 64 else { break }
                let high = UInt64(c0 & 0x3F) << 42 | UInt64(c1 & 0x3F) << 36 | UInt64(c2 & 0x3F) << 30 | UInt64(c3 & 0x3F) << 24
                let value = high | UInt64(c4 & 0x3F) << 18 | UInt64(c5 & 0x3F) << 12 | UInt64(c6 & 0x3F) << 6 | UInt64(c7 & 0x3F)
                alphabets |= all
                rawOut.storeBytes(of: (value << 16).bigEndian, toByteOffset: written, as: UInt64.self)
                written += 6
                offset += 8
            }
            let end = input.count - 3
            while offset < end {
                let a = wideTable[Int(input[offset])], b = wideTable[Int(input[offset + 1])]
                let c = wideTable[Int(input[offset + 2])], d = wideTable[Int(input[offset + 3])]
                let all = a | b | c | d
                guard all & 0xFF < 64 else { break }
                alphabets |= all
                let value = UInt32(a & 0x3F) << 18 | UInt32(b & 0x3F) << 12 | UInt32(c & 0x3F) << 6 | UInt32(d & 0x3F)
                out[written] = UInt8(truncatingIfNeeded: value >> 16)
                out[written + 1] = UInt8(truncatingIfNeeded: value >> 8)
                out[written + 2] = UInt8(truncatingIfNeeded: value)
                written += 3
                offset += 4
            }
            if offset > start { lastSignificant = offset - 1 }
            if alphabets & 0x100 != 0 { sawStandard = true }
            if alphabets & 0x200 != 0 { sawURLSafe = true }
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

    /// Encodes bytes with the standard alphabet and padding.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            let value = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            out.append(alphabet[Int(value >> 18 & 63)])
            out.append(alphabet[Int(value >> 12 & 63)])
            out.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(value >> 6 & 63)])
            out.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(value & 63)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
