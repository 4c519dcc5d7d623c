/// A JWSTransactionDecodedPayload (receipt-format.md §7.3) with each documented field typed; the signed JSON
/// stays in ``raw`` for output, and fields this model does not know are in ``unknownFields``.
public struct JWSTransaction: StoreKitModel, Sendable {
    public let raw: JSONValue
    public let transactionID: String?
    public let originalTransactionID: String?
    public let webOrderLineItemID: String?
    public let bundleID: String?
    public let productID: String?
    public let subscriptionGroupIdentifier: String?
    public let purchaseDate: Timestamp?
    public let originalPurchaseDate: Timestamp?
    public let expiresDate: Timestamp?
    public let signedDate: Timestamp?
    public let revocationDate: Timestamp?
    public let quantity: Int64?
    public let type: StoreKitProductType?
    public let inAppOwnershipType: InAppOwnershipType?
    public let revocationReason: RevocationReason?
    public let isUpgraded: Bool?
    public let offerType: OfferType?
    public let offerIdentifier: String?
    public let offerDiscountType: OfferDiscountType?
    /// ISO 8601 duration of the offer (`P1M`).
    public let offerPeriod: String?
    public let environment: StoreKitEnvironment?
    public let storefront: String?
    public let storefrontID: String?
    public let transactionReason: TransactionReason?
    /// Milliunits of ``currency`` (9990 is 9.99).
    public let price: Int64?
    public let currency: String?
    public let appAccountToken: String?
    public let appTransactionID: String?
    public let mismatches: [StoreKitFieldMismatch]

    public static let documentedKeys: Set<String> = [
        "transactionId", "originalTransactionId", "webOrderLineItemId", "bundleId", "productId",
        "subscriptionGroupIdentifier", "purchaseDate", "originalPurchaseDate", "expiresDate", "signedDate",
        "revocationDate", "quantity", "type", "inAppOwnershipType", "revocationReason", "isUpgraded", "offerType",
        "offerIdentifier", "offerDiscountType", "offerPeriod", "environment", "storefront", "storefrontId",
        "transactionReason", "price", "currency", "appAccountToken", "appTransactionId",
    ]

    package init(_ payload: JSONValue) {
        raw = payload
        var fields = StoreKitFieldReader(payload)
        transactionID = fields.string("transactionId")
        originalTransactionID = fields.string("originalTransactionId")
        webOrderLineItemID = fields.string("webOrderLineItemId")
        bundleID = fields.string("bundleId")
        productID = fields.string("productId")
        subscriptionGroupIdentifier = fields.string("subscriptionGroupIdentifier")
        purchaseDate = fields.date("purchaseDate")
        originalPurchaseDate = fields.date("originalPurchaseDate")
        expiresDate = fields.date("expiresDate")
        signedDate = fields.date("signedDate")
        revocationDate = fields.date("revocationDate")
        quantity = fields.int64("quantity")
        type = fields.value("type")
        inAppOwnershipType = fields.value("inAppOwnershipType")
        revocationReason = fields.value("revocationReason")
        isUpgraded = fields.bool("isUpgraded")
        offerType = fields.value("offerType")
        offerIdentifier = fields.string("offerIdentifier")
        offerDiscountType = fields.value("offerDiscountType")
        offerPeriod = fields.string("offerPeriod")
        environment = fields.value("environment")
        storefront = fields.string("storefront")
        storefrontID = fields.string("storefrontId")
        transactionReason = fields.value("transactionReason")
        price = fields.int64("price")
        currency = fields.string("currency")
        appAccountToken = fields.string("appAccountToken")
        appTransactionID = fields.string("appTransactionId")
        mismatches = fields.mismatches
    }
}
