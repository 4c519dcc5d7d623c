/// A signed payload whose fields name no kind (Apple's library tests sign `{"environment", "bundleId",
/// "signedDate"}` alone): only the fields every StoreKit 2 payload shares are read, so it is still checked.
/// Each field is nil when the payload leaves it out or sends it with another JSON type (noted in ``mismatches``).
public struct UntypedStoreKitPayload: Sendable {
    /// The payload exactly as signed.
    public let raw: JSONValue
    /// `signedDate`: when it was signed, the time its chain is checked at.
    public let signedDate: Timestamp?
    /// `bundleId`: the app's bundle identifier.
    public let bundleID: String?
    /// `environment`: the server environment that signed it.
    public let environment: StoreKitEnvironment?
    /// `appAppleId`: the App Store's numeric id of the app.
    public let appAppleID: Int64?
    /// Those fields sent with another JSON type than Apple's.
    public let mismatches: [StoreKitFieldMismatch]

    /// Reads the shared fields of a payload of no known kind; never fails.
    /// - Parameter payload: the JWS payload as parsed JSON.
    package init(_ payload: JSONValue) {
        raw = payload
        var fields = StoreKitFieldReader(payload)
        signedDate = fields.date("signedDate")
        bundleID = fields.string("bundleId")
        environment = fields.value("environment")
        appAppleID = fields.int64("appAppleId")
        mismatches = fields.mismatches
    }
}
