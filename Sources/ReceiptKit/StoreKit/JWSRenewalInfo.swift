/// A JWSRenewalInfoDecodedPayload (receipt-format.md §7.4) with each documented field typed; the signed JSON
/// stays in ``raw``, and fields this model does not know are in ``unknownFields``.
public struct JWSRenewalInfo: StoreKitModel, Sendable {
    public let raw: JSONValue
    public let originalTransactionID: String?
    public let productID: String?
    public let autoRenewProductID: String?
    /// 1 when the subscription renews, 0 when the customer turned renewal off.
    public let autoRenewStatus: Int64?
    public let expirationIntent: Int64?
    public let isInBillingRetryPeriod: Bool?
    public let priceIncreaseStatus: Int64?
    public let gracePeriodExpiresDate: Timestamp?
    public let signedDate: Timestamp?
    public let recentSubscriptionStartDate: Timestamp?
    public let renewalDate: Timestamp?
    public let offerType: OfferType?
    public let offerIdentifier: String?
    public let offerDiscountType: OfferDiscountType?
    public let offerPeriod: String?
    public let environment: StoreKitEnvironment?
    public let currency: String?
    /// Milliunits of ``currency``.
    public let renewalPrice: Int64?
    public let eligibleWinBackOfferIDs: [String]?
    public let appAccountToken: String?
    public let appTransactionID: String?
    public let mismatches: [StoreKitFieldMismatch]

    public static let documentedKeys: Set<String> = [
        "originalTransactionId", "productId", "autoRenewProductId", "autoRenewStatus", "expirationIntent",
        "isInBillingRetryPeriod", "priceIncreaseStatus", "gracePeriodExpiresDate", "signedDate",
        "recentSubscriptionStartDate", "renewalDate", "offerType", "offerIdentifier", "offerDiscountType", "offerPeriod",
        "environment", "currency", "renewalPrice", "eligibleWinBackOfferIds", "appAccountToken", "appTransactionId",
    ]

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
