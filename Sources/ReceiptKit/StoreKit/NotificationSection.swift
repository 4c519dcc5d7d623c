/// The one section of a notification that says which app it is for (receipt-format.md §7.6): `data`,
/// `summary`, `appData` or `externalPurchaseToken`, with the fields each documents typed.
public struct NotificationSection: Sendable {
    /// The section's key in the notification payload, in the order they are looked for.
    public enum Kind: String, Sendable, CaseIterable {
        case data, summary, appData, externalPurchaseToken
    }

    public let kind: Kind
    public let raw: JSONValue
    public let appAppleID: Int64?
    public let bundleID: String?
    public let bundleVersion: String?
    public let environment: StoreKitEnvironment?
    /// The key ``environment`` was read from: `environment`, or for an external purchase token (which has none)
    /// `externalPurchaseId`, whose `SANDBOX` prefix is how Apple's library tells the sandbox.
    public let environmentKey: String?
    /// `data`: the nested signed items and the subscription status.
    public let signedTransactionInfo: String?
    public let signedRenewalInfo: String?
    public let status: Int64?
    public let consumptionRequestReason: String?
    /// `appData`: the nested signed AppTransaction.
    public let signedAppTransactionInfo: String?
    /// `summary`: a renewal-date extension request's outcome.
    public let requestIdentifier: String?
    public let productID: String?
    public let storefrontCountryCodes: [String]?
    public let succeededCount: Int64?
    public let failedCount: Int64?
    /// `externalPurchaseToken`.
    public let externalPurchaseID: String?
    public let tokenCreationDate: Timestamp?

    init(kind: Kind, raw: JSONValue, fields: inout StoreKitFieldReader) {
        self.kind = kind
        self.raw = raw
        appAppleID = fields.int64("appAppleId")
        bundleID = fields.string("bundleId")
        bundleVersion = fields.string("bundleVersion")
        signedTransactionInfo = fields.string("signedTransactionInfo")
        signedRenewalInfo = fields.string("signedRenewalInfo")
        status = fields.int64("status")
        consumptionRequestReason = fields.string("consumptionRequestReason")
        signedAppTransactionInfo = fields.string("signedAppTransactionInfo")
        requestIdentifier = fields.string("requestIdentifier")
        productID = fields.string("productId")
        storefrontCountryCodes = fields.strings("storefrontCountryCodes")
        succeededCount = fields.int64("succeededCount")
        failedCount = fields.int64("failedCount")
        externalPurchaseID = fields.string("externalPurchaseId")
        tokenCreationDate = fields.date("tokenCreationDate")
        let stated: StoreKitEnvironment? = fields.value("environment")
        if let stated {
            (environment, environmentKey) = (stated, "environment")
        } else if kind == .externalPurchaseToken, let id = externalPurchaseID {
            (environment, environmentKey) = (id.hasPrefix("SANDBOX") ? .sandbox : .production, "externalPurchaseId")
        } else {
            (environment, environmentKey) = (nil, nil)
        }
    }
}
