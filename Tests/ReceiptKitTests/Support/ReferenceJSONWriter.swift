import ReceiptKit

/// The tree writer the project used before ``JSONOutput``, kept as the oracle of JSONOutputTests: sorted keys,
/// slashes unescaped, pretty (2 spaces) or compact.
struct ReferenceJSONWriter: Sendable {
    var pretty: Bool

    init(pretty: Bool = true) { self.pretty = pretty }

    /// The document as UTF-8 text, without a trailing newline.
    func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// The document as UTF-8 bytes, without a trailing newline.
    func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(value, into: &out, indent: 0)
        return out
    }

    /// Appends the document to `out`.
    func write(_ value: JSONValue, into out: inout [UInt8], indent: Int = 0) {
        switch value {
        case .null: out.append(contentsOf: Self.null)
        case .bool(let flag): out.append(contentsOf: flag ? Self.true : Self.false)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let text): Self.writeString(text, into: &out)
        case .array(let items):
            guard !items.isEmpty else { return out.append(contentsOf: [0x5B, 0x5D]) }
            out.append(0x5B)
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(0x2C) }
                newline(&out, indent + 1)
                write(item, into: &out, indent: indent + 1)
            }
            newline(&out, indent)
            out.append(0x5D)
        case .object(let members):
            guard !members.isEmpty else { return out.append(contentsOf: [0x7B, 0x7D]) }
            out.append(0x7B)
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out.append(0x2C) }
                newline(&out, indent + 1)
                Self.writeString(member.key, into: &out)
                out.append(0x3A)
                if pretty { out.append(0x20) }
                write(member.value, into: &out, indent: indent + 1)
            }
            newline(&out, indent)
            out.append(0x7D)
        }
    }

    private func newline(_ out: inout [UInt8], _ indent: Int) {
        guard pretty else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: indent * 2))
    }

    private static let null = Array("null".utf8)
    private static let `true` = Array("true".utf8)
    private static let `false` = Array("false".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// For each byte, 0 when it is copied as is, else the character after the backslash (`u` for `\u00XX`).
    private static let escapes: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for byte in 0..<0x20 { table[byte] = UInt8(ascii: "u") }
        table[0x7F] = UInt8(ascii: "u")
        table[0x22] = 0x22
        table[0x5C] = 0x5C
        table[0x0A] = UInt8(ascii: "n")
        table[0x0D] = UInt8(ascii: "r")
        table[0x09] = UInt8(ascii: "t")
        return table
    }()

    static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(0x22)
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let escape = escapes[Int(bytes[index])]
                guard escape != 0 else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                out.append(0x5C)
                out.append(escape)
                if escape == UInt8(ascii: "u") {
                    let byte = bytes[index]
                    out.append(contentsOf: [0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]])
                }
                runStart = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        out.append(0x22)
    }
}
