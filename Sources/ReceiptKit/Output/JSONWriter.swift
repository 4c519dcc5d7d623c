/// The one JSON serialisation of the project: sorted keys, slashes unescaped, pretty (2 spaces) or compact.
public struct JSONWriter: Sendable {
    public var pretty: Bool

    public init(pretty: Bool = true) { self.pretty = pretty }

    /// The document as UTF-8 text, without a trailing newline.
    public func string(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(value, into: &out, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(_ value: JSONValue, into out: inout [UInt8], indent: Int) {
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .number(let text): out += Array(text.utf8)
        case .string(let text): Self.writeString(text, into: &out)
        case .array(let items):
            guard !items.isEmpty else { return out += [0x5B, 0x5D] }
            out.append(0x5B)
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(0x2C) }
                newline(&out, indent + 1)
                write(item, into: &out, indent: indent + 1)
            }
            newline(&out, indent)
            out.append(0x5D)
        case .object(let members):
            guard !members.isEmpty else { return out += [0x7B, 0x7D] }
            out.append(0x7B)
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out.append(0x2C) }
                newline(&out, indent + 1)
                Self.writeString(key, into: &out)
                out.append(0x3A)
                if pretty { out.append(0x20) }
                // Force-unwrap is safe: the key comes from this dictionary's own key list.
                write(members[key]!, into: &out, indent: indent + 1)
            }
            newline(&out, indent)
            out.append(0x7D)
        }
    }

    private func newline(_ out: inout [UInt8], _ indent: Int) {
        guard pretty else { return }
        out.append(0x0A)
        out += [UInt8](repeating: 0x20, count: indent * 2)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(0x22)
        for byte in text.utf8 {
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0x00..<0x20, 0x7F:
                out += [0x5C, 0x75, 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(0x22)
    }
}
