/// A signed payload whose fields name no kind (Apple's library tests sign `{"environment", "bundleId",
/// "signedDate"}` alone): only the fields every StoreKit 2 payload shares are read, so it is still checked.
public struct UntypedStoreKitPayload: Sendable {
    public let raw: JSONValue
    public let signedDate: Timestamp?
    public let bundleID: String?
    public let environment: StoreKitEnvironment?
    public let appAppleID: Int64?
    public let mismatches: [StoreKitFieldMismatch]

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
