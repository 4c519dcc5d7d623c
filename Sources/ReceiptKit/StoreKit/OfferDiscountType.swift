/// `offerDiscountType`: how an offer is paid.
/// A struct rather than an enum: Apple adds values, and an unknown one is kept as signed.
public struct OfferDiscountType: StoreKitCode {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let freeTrial = Self(rawValue: "FREE_TRIAL")
    public static let payAsYouGo = Self(rawValue: "PAY_AS_YOU_GO")
    public static let payUpFront = Self(rawValue: "PAY_UP_FRONT")
    public static let oneTime = Self(rawValue: "ONE_TIME")
}
