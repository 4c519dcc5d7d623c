/// A JSON document as a value: what the tool prints and what it reads from verifyReceipt responses.
///
/// Numbers keep their literal text, so a 19-digit transaction id sent as a number survives a round trip exactly
/// and "1" and 1 stay distinguishable, which the comparison with Apple's JSON needs. Objects keep keys in a
/// dictionary; ``JSONOutput`` sorts them, which is what makes output deterministic.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its literal text so a 19-digit transaction id survives exactly.
    case number(String)
    /// A string, unescaped.
    case string(String)
    /// A JSON array.
    case array([JSONValue])
    /// A JSON object (member order is not kept; output is written in key order).
    case object([String: JSONValue])

    /// A number from an integer.
    package static func integer(_ value: some BinaryInteger) -> JSONValue { .number(String(value)) }

    /// - Parameter key: A member name.
    /// - Returns: The member's value when this is an object that has it, else nil.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The members when this is an object, else nil.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The items when this is an array, else nil.
    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The value as text whether it was sent as a string, a number or a boolean (Apple mixes them).
    public var scalarText: String? {
        switch self {
        case .string(let text): return text
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    /// The value as an integer whether sent as a number or a numeric string.
    public var int64Value: Int64? {
        guard let text = scalarText else { return nil }
        return Int64(text)
    }

    /// The value as JSON text (sorted keys), pretty or on one line, without a trailing newline.
    package func text(pretty: Bool) -> String {
        var output = JSONOutput(pretty: pretty, capacity: 256)
        output.value(self)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// The value a writer produces, read back from its bytes: for the few places that compare a rendered
    /// document with parsed input (verifyReceipt answers) and for tests. The bytes are the tool's own output,
    /// which always parses; should that ever fail, the result is `null`, which compares unequal to any object.
    static func rendered(_ write: (inout JSONOutput) -> Void) -> JSONValue {
        var output = JSONOutput(pretty: false)
        write(&output)
        do {
            return try JSONParser.parse(output.bytes, maximumValues: Int.max)
        } catch {
            return .null
        }
    }
}
