/// A strict RFC 8259 JSON parser into ``JSONValue`` that keeps number literals as written.
public enum JSONParser {
    /// Why a text is not JSON, with the byte offset.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Byte offset into the text where parsing stopped.
        public let offset: Int
        /// What was wrong there, in words (for example `unexpected text after the value`).
        public let reason: String
        /// True when the text may be valid JSON but goes past one of ``Limits``.
        public var isLimit = false
        /// The reason and offset in one line; a limit is not called invalid JSON, since the text may be fine.
        public var description: String {
            isLimit ? "\(reason) at offset \(offset)" : "invalid JSON: \(reason) at offset \(offset)"
        }
    }

    /// Nesting limit, so hostile input cannot exhaust the stack.
    static let maximumDepth = Limits.maximumJSONDepth

    /// Parses one JSON document of at most 64 MiB, a million values and 256 levels of nesting, so hostile input
    /// is refused rather than built.
    ///
    /// - Parameter bytes: UTF-8 JSON text; whitespace around the value is allowed, anything else after it is not.
    /// - Returns: The value, with numbers kept as written.
    /// - Throws: ``Failure`` naming the byte offset of the first problem or the limit passed.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        try parse(bytes, maximumValues: Limits.maximumJSONValues)
    }

    /// Parses with another value limit (tests show where the refusal lands without building millions of values).
    static func parse(_ bytes: [UInt8], maximumValues: Int) throws(Failure) -> JSONValue {
        guard bytes.count <= Limits.maximumInputSize else {
            throw Failure(
                offset: Limits.maximumInputSize,
                reason: "JSON text too large: the limit is \(Limits.maximumInputSize) bytes, exceeded", isLimit: true)
        }
        var parser = Parser(bytes: bytes, maximumValues: maximumValues)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw Failure(offset: parser.index, reason: "unexpected text after the value") }
        return value
    }

    /// Parses JSON held in a string, as the byte form does its UTF-8 bytes.
    ///
    /// - Parameter text: The JSON text.
    /// - Returns: The value, with numbers kept as written.
    /// - Throws: ``Failure`` naming the byte offset (in the UTF-8 form) of the first problem.
    public static func parse(_ text: String) throws(Failure) -> JSONValue { try parse(Array(text.utf8)) }

    private struct Parser {
        let bytes: [UInt8]
        /// ``Limits/maximumJSONValues`` outside tests.
        let maximumValues: Int
        var index = 0
        /// Values read so far, against ``maximumValues``.
        var values = 0
        /// The members of the objects being read, innermost last: one buffer for the whole document, where each
        /// object used to grow an array of its own.
        var pending: [(key: String, value: JSONValue)] = []

        init(bytes: [UInt8], maximumValues: Int) {
            self.bytes = bytes
            self.maximumValues = maximumValues
            pending.reserveCapacity(32)
        }

        mutating func skipWhitespace() {
            while index < bytes.count, ASCII.isJSONWhitespace(bytes[index]) { index += 1 }
        }

        func fail(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard depth < JSONParser.maximumDepth else {
                throw Failure(
                    offset: index, reason: "JSON nested too deep: the limit is \(JSONParser.maximumDepth) levels, exceeded",
                    isLimit: true)
            }
            guard values < maximumValues else {
                throw Failure(
                    offset: index, reason: "too many JSON values: the limit is \(maximumValues), exceeded",
                    isLimit: true)
            }
            values += 1
            guard index < bytes.count else { throw fail("unexpected end of input") }
            switch bytes[index] {
            case 0x7B: return try object(depth: depth)
            case 0x5B: return try array(depth: depth)
            case 0x22: return .string(try string())
            case 0x74: try keyword(Self.trueBytes); return .bool(true)
            case 0x66: try keyword(Self.falseBytes); return .bool(false)
            case 0x6E: try keyword(Self.nullBytes); return .null
            case 0x2D, 0x30...0x39: return .number(try number())
            default: throw fail("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
            }
        }

        static let trueBytes = Array("true".utf8)
        static let falseBytes = Array("false".utf8)
        static let nullBytes = Array("null".utf8)

        /// Compared in place: copying the text's bytes into an array for each literal allocated per value.
        mutating func keyword(_ expected: [UInt8]) throws(Failure) {
            guard index + expected.count <= bytes.count, bytes[index..<(index + expected.count)].elementsEqual(expected) else {
                throw fail("invalid literal")
            }
            index += expected.count
        }

        mutating func object(depth: Int) throws(Failure) -> JSONValue {
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == 0x7D { index += 1; return .object([:]) }
            // Members are collected first and the dictionary made once at its final size: growing it member by
            // member rehashed every key at each doubling (a StoreKit 2 payload has 20-30 members).
            let first = pending.count
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == 0x22 else { throw fail("expected a string key") }
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == 0x3A else { throw fail("expected ':'") }
                index += 1
                skipWhitespace()
                let member = try value(depth: depth + 1)
                pending.append((key, member))
                skipWhitespace()
                guard index < bytes.count else { throw fail("unterminated object") }
                if bytes[index] == 0x2C { index += 1; continue }
                if bytes[index] == 0x7D {
                    index += 1
                    let members = Self.members(pending[first...])
                    pending.removeLast(pending.count - first)
                    return .object(members)
                }
                throw fail("expected ',' or '}'")
            }
        }

        /// The object's members; a repeated key keeps its last value, as assigning them in order did.
        static func members(_ pairs: ArraySlice<(key: String, value: JSONValue)>) -> [String: JSONValue] {
            var members = [String: JSONValue](minimumCapacity: pairs.count)
            for (key, value) in pairs { members[key] = value }
            return members
        }

        mutating func array(depth: Int) throws(Failure) -> JSONValue {
            index += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == 0x5D { index += 1; return .array(items) }
            while true {
                skipWhitespace()
                items.append(try value(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw fail("unterminated array") }
                if bytes[index] == 0x2C { index += 1; continue }
                if bytes[index] == 0x5D { index += 1; return .array(items) }
                throw fail("expected ',' or ']'")
            }
        }

        mutating func number() throws(Failure) -> String {
            let start = index
            if bytes[index] == 0x2D { index += 1 }
            func digits(_ parser: inout Parser) -> Int {
                let from = parser.index
                while parser.index < parser.bytes.count, (0x30...0x39).contains(parser.bytes[parser.index]) { parser.index += 1 }
                return parser.index - from
            }
            guard digits(&self) > 0 else { throw fail("invalid number") }
            if index < bytes.count, bytes[index] == 0x2E {
                index += 1
                guard digits(&self) > 0 else { throw fail("invalid number") }
            }
            if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
                index += 1
                if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
                guard digits(&self) > 0 else { throw fail("invalid number") }
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func string() throws(Failure) -> String {
            index += 1
            let start = index
            var ascii = true
            index = Self.plainRunEnd(in: bytes, from: index, ascii: &ascii)
            // Most strings (a receipt's kilobytes of base64 above all) have nothing to unescape: made in one go.
            if index < bytes.count && bytes[index] == 0x22 {
                index += 1
                // ASCII is UTF-8 as it is; the generic validating initialiser looked up type metadata for each
                // string, which cost more than the scan (callgrind, audit over JWS lines).
                if ascii { return String(decoding: bytes[start..<(index - 1)], as: UTF8.self) }
                guard let text = String(validating: bytes[start..<(index - 1)], as: UTF8.self) else {
                    throw fail("string is not UTF-8")
                }
                return text
            }
            var out = Array(bytes[start..<index])
            while true {
                guard index < bytes.count else { throw fail("unterminated string") }
                let byte = bytes[index]
                switch byte {
                case 0x22:
                    index += 1
                    guard let text = String(validating: out, as: UTF8.self) else { throw fail("string is not UTF-8") }
                    return text
                case 0x5C:
                    index += 1
                    guard index < bytes.count else { throw fail("unterminated escape") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case 0x22, 0x5C, 0x2F: out.append(escape)
                    case 0x62: out.append(0x08)
                    case 0x66: out.append(0x0C)
                    case 0x6E: out.append(0x0A)
                    case 0x72: out.append(0x0D)
                    case 0x74: out.append(0x09)
                    case 0x75: out += Array(String(Character(try escapedScalar())).utf8)
                    default: throw fail("invalid escape")
                    }
                case 0x00..<0x20:
                    throw fail("control character in string")
                default:
                    let run = index
                    var ascii = true
                    index = Self.plainRunEnd(in: bytes, from: index + 1, ascii: &ascii)
                    out.append(contentsOf: bytes[run..<index])
                }
            }
        }

        /// The end of the run from `start` that a string copies as it is (``JSONPlainRun``; DEL is plain here).
        /// `ascii` is cleared when a byte of the run is 0x80 or above.
        static func plainRunEnd(in bytes: [UInt8], from start: Int, ascii: inout Bool) -> Int {
            bytes.withUnsafeBufferPointer { JSONPlainRun.end(of: $0, from: start, stopAtDelete: false, ascii: &ascii) }
        }

        /// The scalar of a `\u` escape whose `u` was just read, joining a surrogate pair.
        mutating func escapedScalar() throws(Failure) -> Unicode.Scalar {
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 else {
                    throw fail("unpaired surrogate")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
            return unicode
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            guard index + 4 <= bytes.count else { throw fail("truncated \\u escape") }
            var value: UInt32 = 0
            for byte in bytes[index..<(index + 4)] {
                guard let digit = hexDigit(byte) else { throw fail("invalid \\u escape") }
                value = value << 4 | UInt32(digit)
            }
            index += 4
            return value
        }
    }
}
