/// The fuzz targets, by the name `make fuzz-NAME` and `Fuzz/regressions/NAME/` use. The libFuzzer
/// executables and the regression replay test both call ``run(_:)``, so a saved crash input replays through
/// exactly the code that found it.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case decodeVerify = "decode-verify"
    case asn1
    case plist
    case jws
    case json
    case subscriptions
    case auditRecord = "audit-record"

    /// Feeds one input to the target. Returns normally whatever the input; a trap is the bug being hunted.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .decodeVerify: DecodeVerifyHarness.run(bytes)
        case .asn1: ASN1Harness.run(bytes)
        case .plist: PlistHarness.run(bytes)
        case .jws: JWSHarness.run(bytes)
        case .json: JSONHarness.run(bytes)
        case .subscriptions: SubscriptionsHarness.run(bytes)
        case .auditRecord: AuditRecordHarness.run(bytes)
        }
    }
}
