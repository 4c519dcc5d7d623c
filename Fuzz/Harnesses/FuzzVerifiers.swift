import ReceiptKit

/// The verifiers the decode-and-verify target runs: the shipped policy (pinned Apple root, now), and one that
/// trusts the project's test root at a fixed time with every optional comparison enabled, so that mutations of
/// TestVectors receipts reach the checks behind a valid chain.
enum FuzzVerifiers {
    static let all: [ReceiptVerifier] = {
        var testPolicy = VerificationPolicy()
        testPolicy.anchors = testAnchors + [.appleIncRoot]
        testPolicy.verificationTime = Timestamp(milliseconds: 1_700_000_000_000)
        testPolicy.bundleIDs = ["com.example.appreceipt", "com.example.appreceipt.device"]
        testPolicy.appVersion = "1.0"
        testPolicy.deviceID = DeviceIdentifier("11111111-2222-3333-4444-555555555555")
        testPolicy.environment = .sandbox
        return [ReceiptVerifier(policy: VerificationPolicy()), ReceiptVerifier(policy: testPolicy)]
    }()

    /// `TestVectors/pki/root.pem`; none when it cannot be read (the harness then runs with the Apple root only).
    static let testAnchors: [TrustAnchor] = {
        let path = "TestVectors/pki/root.pem"
        guard let pem = FuzzFixtures.bytes(path) else { return [] }
        do {
            return try X509Certificate.load(pem).map { TrustAnchor(certificate: $0, source: path) }
        } catch {
            return []
        }
    }()
}
