/// The one section of a notification that says which app it is for (receipt-format.md §7.6): `data`,
/// `summary`, `appData` or `externalPurchaseToken`, with the fields each documents typed.
public struct NotificationSection: Sendable {
    /// The section's key in the notification payload, in the order they are looked for.
    public enum Kind: String, Sendable, CaseIterable {
        /// `data`: an in-app purchase event, with the signed transaction and renewal info it is about.
        case data
        /// `summary`: the outcome of a request to extend renewal dates for many subscribers at once
        /// (`RENEWAL_EXTENSION` with subtype `SUMMARY`).
        case summary
        /// `appData`: an event about the app itself, with its signed AppTransaction.
        case appData
        /// `externalPurchaseToken`: an external purchase token the app has not reported (`EXTERNAL_PURCHASE_TOKEN`).
        case externalPurchaseToken
    }

    /// Which of the four sections this is.
    public let kind: Kind
    /// The section's object exactly as signed.
    public let raw: JSONValue
    /// `appAppleId`: the App Store's numeric id of the app; Apple's library requires it in production, and sandbox
    /// notifications may have none.
    public let appAppleID: Int64?
    /// `bundleId`: the app's bundle identifier.
    public let bundleID: String?
    /// `bundleVersion`: the app's build version (`CFBundleVersion`).
    public let bundleVersion: String?
    /// `environment`: the server environment the notification is about (Production or Sandbox); for an external
    /// purchase token, read from its id (``environmentKey``). Nil when the section says neither.
    public let environment: StoreKitEnvironment?
    /// The key ``environment`` was read from: `environment`, or for an external purchase token (which has none)
    /// `externalPurchaseId`, whose `SANDBOX` prefix is how Apple's library tells the sandbox.
    public let environmentKey: String?
    /// `signedTransactionInfo` (`data`): the transaction the event is about, a nested compact JWS (a
    /// ``JWSTransaction`` once decoded); nil for events about no transaction.
    public let signedTransactionInfo: String?
    /// `signedRenewalInfo` (`data`): the subscription's renewal info, a nested compact JWS (a ``JWSRenewalInfo``);
    /// nil unless the event is about an auto-renewable subscription.
    public let signedRenewalInfo: String?
    /// `status` (`data`): the subscription's state after the event (1 active, 2 expired, 3 billing retry, 4 billing
    /// grace period, 5 revoked); nil unless it is about an auto-renewable subscription.
    public let status: Int64?
    /// `consumptionRequestReason` (`data`): why the customer asked for the refund behind a `CONSUMPTION_REQUEST`;
    /// nil for other types.
    public let consumptionRequestReason: String?
    /// `signedAppTransactionInfo` (`appData`): the app's signed AppTransaction, a nested compact JWS.
    public let signedAppTransactionInfo: String?
    /// `requestIdentifier` (`summary`): the id the developer gave the renewal-date extension request.
    public let requestIdentifier: String?
    /// `productId` (`summary`): the subscription product whose renewal dates were extended.
    public let productID: String?
    /// `storefrontCountryCodes` (`summary`): the storefronts the request was limited to; nil when it was not.
    public let storefrontCountryCodes: [String]?
    /// `succeededCount` (`summary`): how many subscriptions got the extension.
    public let succeededCount: Int64?
    /// `failedCount` (`summary`): how many did not.
    public let failedCount: Int64?
    /// `externalPurchaseId` (`externalPurchaseToken`): the token's id; a `SANDBOX` prefix marks a sandbox token.
    public let externalPurchaseID: String?
    /// `tokenCreationDate` (`externalPurchaseToken`): when the system made the token.
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
