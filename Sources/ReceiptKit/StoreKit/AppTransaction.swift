/// A signed AppTransaction (receipt-format.md §7.5) with each documented field typed; the signed JSON stays
/// in ``raw``, and fields this model does not know are in ``unknownFields``.
public struct AppTransaction: StoreKitModel, Sendable {
    public let raw: JSONValue
    /// Apple's name for the environment here.
    public let receiptType: StoreKitEnvironment?
    public let appAppleID: Int64?
    public let bundleID: String?
    public let applicationVersion: String?
    public let versionExternalIdentifier: Int64?
    /// When the App Store made it: what Apple's library validates at.
    public let receiptCreationDate: Timestamp?
    public let requestDate: Timestamp?
    public let signedDate: Timestamp?
    public let originalPurchaseDate: Timestamp?
    public let preorderDate: Timestamp?
    public let originalApplicationVersion: String?
    public let deviceVerification: String?
    public let deviceVerificationNonce: String?
    public let appTransactionID: String?
    public let originalPlatform: String?
    public let mismatches: [StoreKitFieldMismatch]

    public static let documentedKeys: Set<String> = [
        "receiptType", "appAppleId", "bundleId", "applicationVersion", "versionExternalIdentifier",
        "receiptCreationDate", "requestDate", "signedDate", "originalPurchaseDate", "preorderDate",
        "originalApplicationVersion", "deviceVerification", "deviceVerificationNonce", "appTransactionId",
        "originalPlatform",
    ]

    package init(_ payload: JSONValue) {
        raw = payload
        var fields = StoreKitFieldReader(payload)
        receiptType = fields.value("receiptType")
        appAppleID = fields.int64("appAppleId")
        bundleID = fields.string("bundleId")
        applicationVersion = fields.string("applicationVersion")
        versionExternalIdentifier = fields.int64("versionExternalIdentifier")
        receiptCreationDate = fields.date("receiptCreationDate")
        requestDate = fields.date("requestDate")
        signedDate = fields.date("signedDate")
        originalPurchaseDate = fields.date("originalPurchaseDate")
        preorderDate = fields.date("preorderDate")
        originalApplicationVersion = fields.string("originalApplicationVersion")
        deviceVerification = fields.string("deviceVerification")
        deviceVerificationNonce = fields.string("deviceVerificationNonce")
        appTransactionID = fields.string("appTransactionId")
        originalPlatform = fields.string("originalPlatform")
        mismatches = fields.mismatches
    }
}
