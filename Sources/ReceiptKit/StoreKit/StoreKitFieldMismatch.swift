/// A documented StoreKit 2 field sent with another JSON type than Apple's (a string where Apple sends a
/// number), so the typed model does not read it as if it were right.
public struct StoreKitFieldMismatch: Sendable, Equatable, CustomStringConvertible {
    /// Apple's name of the field, with its section (`data.appAppleId`).
    public let path: String
    /// What Apple sends there: `a string`, `a number`, `a boolean`, `a date in milliseconds`, `an object`.
    public let expected: String

    public var description: String { "\(path) is not \(expected)" }
}
