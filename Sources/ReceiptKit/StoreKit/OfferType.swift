/// `offerType`: which kind of subscription offer applied (receipt-format.md §7.3).
/// A struct rather than an enum: Apple adds values, and an unknown one is kept as signed.
public struct OfferType: RawRepresentable, Hashable, Sendable {
    /// The number exactly as signed.
    public let rawValue: Int64
    /// A value from its signed number; any number is kept, known or not.
    /// - Parameter rawValue: the number as signed.
    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// An introductory offer, for customers new to the subscription group.
    public static let introductory = Self(rawValue: 1)
    /// A promotional offer the app presents, signed by the developer.
    public static let promotional = Self(rawValue: 2)
    /// An offer code the customer redeemed.
    public static let offerCode = Self(rawValue: 3)
    /// A win-back offer, for customers who let the subscription lapse.
    public static let winBack = Self(rawValue: 4)
}
