import ReceiptKit

/// The verification policies the decode-and-verify target runs: the shipped one (pinned Apple roots, now), and
/// one that trusts the project's test roots at a fixed time with every optional comparison enabled, so that
/// mutations of TestVectors receipts and tokens reach the checks behind a valid chain.
enum FuzzVerifiers {
    static let policies: [VerificationPolicy] = {
        var testPolicy = VerificationPolicy()
        testPolicy.anchors = testAnchors + testPolicy.anchors
        testPolicy.verificationTime = Timestamp(milliseconds: 1_700_000_000_000)
        testPolicy.bundleIDs = ["com.example.appreceipt", "com.example.appreceipt.device"]
        testPolicy.appVersion = "1.0"
        testPolicy.deviceID = DeviceIdentifier("11111111-2222-3333-4444-555555555555")
        testPolicy.environment = .sandbox
        return [VerificationPolicy(), testPolicy]
    }()

    static let receiptVerifiers = policies.map { ReceiptVerifier(policy: $0) }
    static let signedDataVerifiers = policies.map { SignedDataVerifier(policy: $0) }

    /// The receipt and the StoreKit 2 test roots; those that cannot be read are left out (the harness then runs
    /// with fewer anchors).
    static let testAnchors: [TrustAnchor] = ["TestVectors/pki/root.pem", "TestVectors/jws/pki/root.pem"].flatMap {
        path -> [TrustAnchor] in
        guard let pem = FuzzFixtures.bytes(path) else { return [] }
        do {
            return try X509Certificate.load(pem).map { TrustAnchor(certificate: $0, source: path) }
        } catch {
            return []
        }
    }
}
