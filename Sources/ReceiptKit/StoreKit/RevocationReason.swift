/// `revocationReason`: why Apple refunded or revoked a transaction.
/// A struct rather than an enum: Apple adds values, and an unknown one is kept as signed.
public struct RevocationReason: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }

    public static let other = Self(rawValue: 0)
    public static let appIssue = Self(rawValue: 1)
}
