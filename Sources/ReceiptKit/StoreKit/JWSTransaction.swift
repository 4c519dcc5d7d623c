/// A JWSTransactionDecodedPayload (receipt-format.md §7.3) with each documented field typed; the signed JSON
/// stays in ``raw`` for output, and fields this model does not know are in ``unknownFields``.
///
/// Every field is nil when the payload leaves it out, and also when it is sent with another JSON type than
/// Apple's (a number as text): that is noted in ``mismatches`` rather than read as if it were right. Values
/// Apple adds to a code field later are kept as signed, not dropped.
public struct JWSTransaction: StoreKitModel, Sendable {
    /// The payload exactly as signed.
    public let raw: JSONValue
    /// `transactionId`: the App Store's id of this purchase, restore or renewal.
    public let transactionID: String?
    /// `originalTransactionId`: the id of the first purchase, shared by a subscription's renewals and restores.
    public let originalTransactionID: String?
    /// `webOrderLineItemId`: the id of one subscription purchase across devices; nil for other product types.
    public let webOrderLineItemID: String?
    /// `bundleId`: the app's bundle identifier.
    public let bundleID: String?
    /// `productId`: the product id set up in App Store Connect.
    public let productID: String?
    /// `subscriptionGroupIdentifier`: the subscription group; nil when the product is not an auto-renewable
    /// subscription.
    public let subscriptionGroupIdentifier: String?
    /// `purchaseDate`: when the App Store charged the account (for a renewal, when that period started).
    public let purchaseDate: Timestamp?
    /// `originalPurchaseDate`: when ``originalTransactionID`` was bought.
    public let originalPurchaseDate: Timestamp?
    /// `expiresDate`: when the subscription period ends; nil unless the product is a subscription.
    public let expiresDate: Timestamp?
    /// `signedDate`: when the App Store signed this payload, the time its chain is checked at.
    public let signedDate: Timestamp?
    /// `revocationDate`: when Apple refunded or revoked it; nil while it stands.
    public let revocationDate: Timestamp?
    /// `quantity`: how many were bought; only a consumable is bought more than one at a time.
    public let quantity: Int64?
    /// `type`: the kind of in-app purchase.
    public let type: StoreKitProductType?
    /// `inAppOwnershipType`: bought by this account, or shared with it through Family Sharing.
    public let inAppOwnershipType: InAppOwnershipType?
    /// `revocationReason`: why it was refunded or revoked; nil unless ``revocationDate`` is set.
    public let revocationReason: RevocationReason?
    /// `isUpgraded`: true when the customer moved to a higher subscription of the same group, so this one
    /// no longer renews; usually absent otherwise.
    public let isUpgraded: Bool?
    /// `offerType`: the subscription offer that applied; nil when none did.
    public let offerType: OfferType?
    /// `offerIdentifier`: the promotional or win-back offer's id, or the offer code's reference name; nil for an
    /// introductory offer and when none applied.
    public let offerIdentifier: String?
    /// `offerDiscountType`: how the offer is paid; nil when no offer applied.
    public let offerDiscountType: OfferDiscountType?
    /// `offerPeriod`: the ISO 8601 duration of the offer (`P1M`); nil when no offer applied.
    public let offerPeriod: String?
    /// `environment`: the server environment that signed it (Production, Sandbox, Xcode, LocalTesting).
    public let environment: StoreKitEnvironment?
    /// `storefront`: the three-letter code of the App Store country (`USA`).
    public let storefront: String?
    /// `storefrontId`: Apple's numeric id of that storefront, as text.
    public let storefrontID: String?
    /// `transactionReason`: a purchase the customer made, or an automatic renewal; older payloads have none.
    public let transactionReason: TransactionReason?
    /// `price`: in milliunits of ``currency`` (9990 is 9.99); nil in older payloads, before Apple sent prices.
    public let price: Int64?
    /// `currency`: the ISO 4217 code of ``price``.
    public let currency: String?
    /// `appAccountToken`: the UUID the app gave at purchase to tie it to its own account; nil when it gave none.
    public let appAccountToken: String?
    /// `appTransactionId`: the id of the app's download (the AppTransaction) this purchase belongs to.
    public let appTransactionID: String?
    /// Documented fields sent with another JSON type than Apple's; empty for a well-formed payload.
    public let mismatches: [StoreKitFieldMismatch]

    /// Apple's names of the fields above: what ``unknownFields`` leaves out.
    public static let documentedKeys: Set<String> = [
        "transactionId", "originalTransactionId", "webOrderLineItemId", "bundleId", "productId",
        "subscriptionGroupIdentifier", "purchaseDate", "originalPurchaseDate", "expiresDate", "signedDate",
        "revocationDate", "quantity", "type", "inAppOwnershipType", "revocationReason", "isUpgraded", "offerType",
        "offerIdentifier", "offerDiscountType", "offerPeriod", "environment", "storefront", "storefrontId",
        "transactionReason", "price", "currency", "appAccountToken", "appTransactionId",
    ]

    /// Reads the documented fields of a decoded transaction payload; never fails (see the type's note on nil).
    /// - Parameter payload: the JWS payload as parsed JSON.
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
