/// Builds JSON objects without optional-unwrapping noise: nil values are left out.
public struct JSONObjectBuilder {
    public private(set) var members: [String: JSONValue] = [:]

    public init() {}

    public subscript(key: String) -> JSONValue? {
        get { members[key] }
        set { members[key] = newValue }
    }

    public mutating func set(_ key: String, _ text: String?) {
        if let text { members[key] = .string(text) }
    }

    public mutating func set(_ key: String, number: Int64?) {
        if let number { members[key] = .integer(number) }
    }

    public var value: JSONValue { .object(members) }
}
