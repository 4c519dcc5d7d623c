/// `offerType`: which kind of subscription offer applied (receipt-format.md §7.3).
/// A struct rather than an enum: Apple adds values, and an unknown one is kept as signed.
public struct OfferType: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }

    public static let introductory = Self(rawValue: 1)
    public static let promotional = Self(rawValue: 2)
    public static let offerCode = Self(rawValue: 3)
    public static let winBack = Self(rawValue: 4)
}
