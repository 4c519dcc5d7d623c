/// A JWSRenewalInfoDecodedPayload (receipt-format.md §7.4) with each documented field typed; the signed JSON
/// stays in ``raw``, and fields this model does not know are in ``unknownFields``.
///
/// It describes what happens at the next renewal of one auto-renewable subscription. Every field is nil when the
/// payload leaves it out or sends it with another JSON type than Apple's (noted in ``mismatches``).
public struct JWSRenewalInfo: StoreKitModel, Sendable {
    /// The payload exactly as signed.
    public let raw: JSONValue
    /// `originalTransactionId`: the first purchase of the subscription, which ties this to its transactions.
    public let originalTransactionID: String?
    /// `productId`: the product the current period is for.
    public let productID: String?
    /// `autoRenewProductId`: the product the subscription renews into (another one after an up- or downgrade).
    public let autoRenewProductID: String?
    /// `autoRenewStatus`: 1 when the subscription renews, 0 when the customer turned renewal off.
    public let autoRenewStatus: Int64?
    /// `expirationIntent`: why the subscription lapsed (1 cancelled, 2 billing error, 3 no consent to a price
    /// increase, 4 product not available, 5 other); nil while it is active.
    public let expirationIntent: Int64?
    /// `isInBillingRetryPeriod`: true while the App Store keeps trying to charge a failed renewal.
    public let isInBillingRetryPeriod: Bool?
    /// `priceIncreaseStatus`: 0 when the customer has not answered a price increase that needs consent, 1 when
    /// they consented or were told of one that needs none; nil when no increase is pending.
    public let priceIncreaseStatus: Int64?
    /// `gracePeriodExpiresDate`: when the billing grace period ends, during which service continues; nil outside
    /// one.
    public let gracePeriodExpiresDate: Timestamp?
    /// `signedDate`: when the App Store signed this payload, the time its chain is checked at.
    public let signedDate: Timestamp?
    /// `recentSubscriptionStartDate`: the start of the latest run of paid periods without a gap of more than 60
    /// days.
    public let recentSubscriptionStartDate: Timestamp?
    /// `renewalDate`: when the next renewal is due (the current period's expiry).
    public let renewalDate: Timestamp?
    /// `offerType`: the offer that will apply at the next renewal; nil when none will.
    public let offerType: OfferType?
    /// `offerIdentifier`: that offer's id or offer code reference name; nil for an introductory offer and when none.
    public let offerIdentifier: String?
    /// `offerDiscountType`: how that offer is paid; nil when none will apply.
    public let offerDiscountType: OfferDiscountType?
    /// `offerPeriod`: the ISO 8601 duration of that offer (`P1M`); nil when none will apply.
    public let offerPeriod: String?
    /// `environment`: the server environment that signed it (Production, Sandbox, Xcode, LocalTesting).
    public let environment: StoreKitEnvironment?
    /// `currency`: the ISO 4217 code of ``renewalPrice``.
    public let currency: String?
    /// `renewalPrice`: what the next renewal will charge, in milliunits of ``currency`` (9990 is 9.99).
    public let renewalPrice: Int64?
    /// `eligibleWinBackOfferIds`: the win-back offers the customer may redeem now; nil when there are none.
    public let eligibleWinBackOfferIDs: [String]?
    /// `appAccountToken`: the UUID the app gave at purchase to tie it to its own account; nil when it gave none.
    public let appAccountToken: String?
    /// `appTransactionId`: the id of the app's download (the AppTransaction) the subscription belongs to.
    public let appTransactionID: String?
    /// Documented fields sent with another JSON type than Apple's; empty for a well-formed payload.
    public let mismatches: [StoreKitFieldMismatch]

    /// Apple's names of the fields above: what ``unknownFields`` leaves out.
    public static let documentedKeys: Set<String> = [
        "originalTransactionId", "productId", "autoRenewProductId", "autoRenewStatus", "expirationIntent",
        "isInBillingRetryPeriod", "priceIncreaseStatus", "gracePeriodExpiresDate", "signedDate",
        "recentSubscriptionStartDate", "renewalDate", "offerType", "offerIdentifier", "offerDiscountType", "offerPeriod",
        "environment", "currency", "renewalPrice", "eligibleWinBackOfferIds", "appAccountToken", "appTransactionId",
    ]

    /// Reads the documented fields of a decoded renewal-info payload; never fails (see the type's note on nil).
    /// - Parameter payload: the JWS payload as parsed JSON.
    package init(_ payload: JSONValue) {
        raw = payload
        var fields = StoreKitFieldReader(payload)
        originalTransactionID = fields.string("originalTransactionId")
        productID = fields.string("productId")
        autoRenewProductID = fields.string("autoRenewProductId")
        autoRenewStatus = fields.int64("autoRenewStatus")
        expirationIntent = fields.int64("expirationIntent")
        isInBillingRetryPeriod = fields.bool("isInBillingRetryPeriod")
        priceIncreaseStatus = fields.int64("priceIncreaseStatus")
        gracePeriodExpiresDate = fields.date("gracePeriodExpiresDate")
        signedDate = fields.date("signedDate")
        recentSubscriptionStartDate = fields.date("recentSubscriptionStartDate")
        renewalDate = fields.date("renewalDate")
        offerType = fields.value("offerType")
        offerIdentifier = fields.string("offerIdentifier")
        offerDiscountType = fields.value("offerDiscountType")
        offerPeriod = fields.string("offerPeriod")
        environment = fields.value("environment")
        currency = fields.string("currency")
        renewalPrice = fields.int64("renewalPrice")
        eligibleWinBackOfferIDs = fields.strings("eligibleWinBackOfferIds")
        appAccountToken = fields.string("appAccountToken")
        appTransactionID = fields.string("appTransactionId")
        mismatches = fields.mismatches
    }
}
