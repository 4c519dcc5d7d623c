/// A documented StoreKit 2 field sent with another JSON type than Apple's (a string where Apple sends a
/// number), so the typed model does not read it as if it were right. Shown in decode and verify output.
public struct StoreKitFieldMismatch: Sendable, Equatable, CustomStringConvertible {
    /// Apple's name of the field, with its section (`data.appAppleId`).
    public let path: String
    /// What Apple sends there: `a string`, `a whole number`, `a boolean`, `a date in milliseconds`, `an object`.
    public let expected: String
    /// The JSON type that was sent instead, in words: `a string`, `a number`, `a list`, `null` ...
    public let found: String

    /// A note for a field read from `value`.
    /// - Parameters:
    ///   - path: the field's name with its section.
    ///   - expected: what Apple sends there, in words.
    ///   - value: what was sent; only its type is kept.
    package init(path: String, expected: String, found value: JSONValue) {
        self.path = path
        self.expected = expected
        found = value.typeName
    }

    /// The note in one line: `data.appAppleId is not a whole number`.
    public var description: String { "\(path) is not \(expected)" }
}

extension JSONValue {
    /// The value's JSON type in words, as a field-type note names it.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
