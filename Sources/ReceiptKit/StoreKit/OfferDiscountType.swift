/// `offerDiscountType`: how an offer is paid.
/// A struct rather than an enum: Apple adds values, and an unknown one is kept as signed.
public struct OfferDiscountType: StoreKitCode {
    /// The value exactly as signed.
    public let rawValue: String
    /// A value from its signed text; any text is kept, known or not.
    /// - Parameter rawValue: the text as signed.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Free for the offer's period.
    public static let freeTrial = Self(rawValue: "FREE_TRIAL")
    /// A reduced price each billing period of the offer.
    public static let payAsYouGo = Self(rawValue: "PAY_AS_YOU_GO")
    /// A reduced price paid once for the whole offer period.
    public static let payUpFront = Self(rawValue: "PAY_UP_FRONT")
    /// An offer on a consumable, non-consumable or non-renewing subscription (not an auto-renewable one).
    public static let oneTime = Self(rawValue: "ONE_TIME")
}
