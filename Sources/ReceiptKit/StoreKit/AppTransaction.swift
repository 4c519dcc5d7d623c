/// A signed AppTransaction (receipt-format.md §7.5) with each documented field typed; the signed JSON stays
/// in ``raw``, and fields this model does not know are in ``unknownFields``.
///
/// It records the customer's purchase (or download) of the app itself. Every field is nil when the payload leaves
/// it out or sends it with another JSON type than Apple's (noted in ``mismatches``).
public struct AppTransaction: StoreKitModel, Sendable {
    /// The payload exactly as signed.
    public let raw: JSONValue
    /// `receiptType`: Apple's name for the environment here (Production, Sandbox, Xcode, LocalTesting).
    public let receiptType: StoreKitEnvironment?
    /// `appAppleId`: the App Store's numeric id of the app; sandbox and Xcode payloads may have none.
    public let appAppleID: Int64?
    /// `bundleId`: the app's bundle identifier.
    public let bundleID: String?
    /// `applicationVersion`: the app version this AppTransaction was made for.
    public let applicationVersion: String?
    /// `versionExternalIdentifier`: the App Store's id of that version; 0 or absent outside production.
    public let versionExternalIdentifier: Int64?
    /// `receiptCreationDate`: when the App Store made it: what Apple's library validates at.
    public let receiptCreationDate: Timestamp?
    /// `requestDate`: when the app asked for it; seen in Xcode payloads, not in Apple's documented fields.
    public let requestDate: Timestamp?
    /// `signedDate`: when it was signed; Apple documents ``receiptCreationDate`` instead, so often nil.
    public let signedDate: Timestamp?
    /// `originalPurchaseDate`: when the customer first bought or downloaded the app.
    public let originalPurchaseDate: Timestamp?
    /// `preorderDate`: when the customer pre-ordered the app; nil when they did not.
    public let preorderDate: Timestamp?
    /// `originalApplicationVersion`: the version first bought (`CFBundleVersion`, on macOS
    /// `CFBundleShortVersionString`); it does not change when the app is updated.
    public let originalApplicationVersion: String?
    /// `deviceVerification`: base64 of the SHA-384 hash that ties it to one device (receipt-format.md §7.5).
    public let deviceVerification: String?
    /// `deviceVerificationNonce`: the UUID hashed into ``deviceVerification``.
    public let deviceVerificationNonce: String?
    /// `appTransactionId`: the id of this download, shared by the purchases made in the app.
    public let appTransactionID: String?
    /// `originalPlatform`: where the app was first bought: `iOS`, `macOS`, `tvOS`, `visionOS`.
    public let originalPlatform: String?
    /// Documented fields sent with another JSON type than Apple's; empty for a well-formed payload.
    public let mismatches: [StoreKitFieldMismatch]

    /// Apple's names of the fields above: what ``unknownFields`` leaves out.
    public static let documentedKeys: Set<String> = [
        "receiptType", "appAppleId", "bundleId", "applicationVersion", "versionExternalIdentifier",
        "receiptCreationDate", "requestDate", "signedDate", "originalPurchaseDate", "preorderDate",
        "originalApplicationVersion", "deviceVerification", "deviceVerificationNonce", "appTransactionId",
        "originalPlatform",
    ]

    /// Reads the documented fields of a decoded AppTransaction payload; never fails (see the type's note on nil).
    /// - Parameter payload: the JWS payload as parsed JSON.
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
