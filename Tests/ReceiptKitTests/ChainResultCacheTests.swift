import ReceiptKit
import Testing

/// Warm verification reuses the time-free chain checks per chain; a reused result must be exactly what a fresh
/// verification gives, and a change of policy (anchors, allowXcode) must never be answered from another's entry.
@Suite struct ChainResultCacheTests {
    /// Checks and certificate roles of `receipt` under `policy`, with `links` as the link and chain cache.
    func outcome(_ receipt: AppReceipt, _ policy: VerificationPolicy, _ links: LinkSignatureCache)
        -> (checks: [VerificationCheck], roles: [String], anchor: String?)
    {
        let report = ReceiptVerifier(policy: policy, linkCache: links).verify(receipt)
        return (report.checks, report.certificates.map(\.role), report.trustAnchor?.source)
    }

    @Test func sharedCacheAnswersLikeAFreshOneAcrossPolicies() throws {
        let certificates = CertificateCache()
        let receipt = try #require(
            try ReceiptDecoder.decode(try Fixtures.testVector("receipts/one-inapp.der"), cache: certificates).document
                .appReceiptValue)
        let pinned = VerificationPolicy()
        let testRoot = try testPolicy()
        let intermediate = try testPolicy(anchor: "pki/intermediate.pem")
        var xcode = testRoot
        xcode.allowXcode = true
        var laterTime = testRoot
        laterTime.verificationTime = Timestamp(milliseconds: 4_102_444_800_000)

        let shared = LinkSignatureCache()
        // Twice round, so the second round is answered from the entries of the first.
        for _ in 0..<2 {
            for policy in [pinned, testRoot, intermediate, xcode, laterTime] {
                let warm = outcome(receipt, policy, shared)
                let fresh = outcome(receipt, policy, LinkSignatureCache())
                #expect(warm.checks == fresh.checks)
                #expect(warm.roles == fresh.roles)
                #expect(warm.anchor == fresh.anchor)
            }
        }
        // The policies really differ where the cache could have mixed them up.
        let anchorStatus = { (policy: VerificationPolicy) in
            self.outcome(receipt, policy, shared).checks.first { $0.id == .chainAnchor }?.status
        }
        #expect(anchorStatus(pinned) == .fail)
        #expect(anchorStatus(testRoot) == .pass)
        let validity = { (policy: VerificationPolicy) in
            self.outcome(receipt, policy, shared).checks.first { $0.id == .chainValidity }?.status
        }
        #expect(validity(testRoot) == .pass)
        #expect(validity(laterTime) == .fail)
    }
}

extension ReceiptDecoder.Document {
    fileprivate var appReceiptValue: AppReceipt? {
        if case .appReceipt(let receipt) = self { return receipt }
        return nil
    }
}
