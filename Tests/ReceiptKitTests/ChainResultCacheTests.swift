import ReceiptTestSupport
import TestSupport
import Testing

@testable import ReceiptKit

/// Warm verification reuses chain evaluations per ``ChainResultCache/Key``; a reused result must be exactly what a
/// fresh verification gives, and a change of any input the key names (certificates, anchors, the Xcode rule and
/// the environment it reads, the era, the validity window of the time) must never be answered from another's
/// entry. Each test below fails for a key that leaves one of those inputs out.
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

    /// Every input of the key tells keys apart: a key that ignored one would make two of these equal.
    @Test func keysDifferInEveryInput() throws {
        let certificates = CertificateCache()
        let receipt = try #require(
            try ReceiptDecoder.decode(try Fixtures.testVector("receipts/one-inapp.der"), cache: certificates).document
                .appReceiptValue)
        let embedded = receipt.certificates
        let leaf = embedded[0]
        let base = VerificationPolicy()
        let policy = ChainPolicy.appReceipt(base, receiptType: .production)
        let window = ValidityWindow(Timestamp(milliseconds: 1_709_294_400_000), certificates: embedded, anchors: [])
        let key = ChainResultCache.Key(leaf: leaf, embedded: embedded, policy: policy, window: window)
        var anchored = base
        anchored.anchors = try testPolicy().anchors
        var xcode = base
        xcode.allowXcode = true
        let later = ValidityWindow(Timestamp(milliseconds: 4_102_444_800_000), certificates: embedded, anchors: [])
        let variants: [(String, ChainResultCache.Key)] = [
            ("leaf", .init(leaf: embedded[1], embedded: embedded, policy: policy, window: window)),
            ("embedded", .init(leaf: leaf, embedded: Array(embedded.prefix(2)), policy: policy, window: window)),
            (
                "anchors",
                .init(leaf: leaf, embedded: embedded, policy: .appReceipt(anchored, receiptType: .production), window: window)
            ),
            (
                "allowXcode",
                .init(leaf: leaf, embedded: embedded, policy: .appReceipt(xcode, receiptType: .production), window: window)
            ),
            (
                "environment",
                .init(leaf: leaf, embedded: embedded, policy: .appReceipt(base, receiptType: .xcode), window: window)
            ),
            ("era", .init(leaf: leaf, embedded: embedded, policy: .storeKit2(base, environment: .production), window: window)),
            ("time window", .init(leaf: leaf, embedded: embedded, policy: policy, window: later)),
            (
                "no time",
                .init(
                    leaf: leaf, embedded: embedded, policy: policy,
                    window: ValidityWindow(nil, certificates: embedded, anchors: []))
            ),
        ]
        for (input, variant) in variants { #expect(variant != key, "a key that ignores \(input)") }
        #expect(key == ChainResultCache.Key(leaf: leaf, embedded: embedded, policy: policy, window: window))
        // Two times between the same certificate boundaries share a window, so a period's receipts share an entry.
        let sameWindow = ValidityWindow(Timestamp(milliseconds: 1_709_294_401_000), certificates: embedded, anchors: [])
        #expect(sameWindow == window)
    }

    /// A result computed when the leaf had expired is not reused once it is valid again (a key without the
    /// window would carry OpenSSL's "certificate has expired" over).
    @Test func anEntryFromAnotherValidityWindowIsNotReused() throws {
        let receipt = try #require(
            try ReceiptDecoder.decode(try Fixtures.testVector("receipts/one-inapp.der"), cache: CertificateCache()).document
                .appReceiptValue)
        var expired = try testPolicy()
        expired.verificationTime = Timestamp(milliseconds: 4_102_444_800_000)
        let shared = LinkSignatureCache()
        let validity = { (policy: VerificationPolicy) in
            ReceiptVerifier(policy: policy, linkCache: shared).verify(receipt).checks.first { $0.id == .chainValidity }
        }
        #expect(validity(expired)?.status == .fail)
        let current = try #require(validity(try testPolicy()))
        #expect(current.status == .pass, "\(current.detail)")
    }

    /// The Xcode rule reads the payload's environment: the same self-signed certificate on a Production payload
    /// after an Xcode one is judged afresh (a key without the environment would pass it).
    @Test func theXcodeRuleIsAskedAgainForAnotherEnvironment() throws {
        var policy = try JWSVectorTests.policy(allowXcode: true)
        policy.currentTime = Timestamp(milliseconds: 1_748_736_000_000)
        let verifier = JWSVerifier(policy: policy, linkCache: LinkSignatureCache())
        let xcode = verifier.verify(try JWSVectorTests.jws("twins/xcode-signer-on-production-payload.jws"))
        let production = verifier.verify(try JWSVectorTests.jws("attacks/xcode-signer-on-production-payload.jws"))
        #expect(xcode.verdict == .valid)
        #expect(Set(production.failedCheckIDs) == [.jwsX5c, .chainAnchor])
    }
}

extension ReceiptDecoder.Document {
    fileprivate var appReceiptValue: AppReceipt? {
        if case .appReceipt(let receipt) = self { return receipt }
        return nil
    }
}
