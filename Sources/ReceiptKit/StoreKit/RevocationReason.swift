/// `revocationReason`: why Apple refunded or revoked a transaction.
/// A struct rather than an enum: Apple adds values, and an unknown one is kept as signed.
public struct RevocationReason: RawRepresentable, Hashable, Sendable {
    /// The number exactly as signed.
    public let rawValue: Int64
    /// A value from its signed number; any number is kept, known or not.
    /// - Parameter rawValue: the number as signed.
    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// Refunded or revoked for another reason (an accidental purchase, say).
    public static let other = Self(rawValue: 0)
    /// Refunded because of an actual or perceived issue in the app.
    public static let appIssue = Self(rawValue: 1)
}
