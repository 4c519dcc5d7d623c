import Foundation
import ReceiptKit
import Testing

/// `chain.revocation` decided in ReceiptKit from bytes: the test PKI's certificates name OCSP responders, and the
/// answers come from the openssl CLI's responder (`openssl ocsp -index`), fed through an injected transport.
@Suite struct OCSPRevocationTests {
    /// The current time of the checks: the responder stamps its answers with the real clock, valid one day.
    let now = Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))

    func available() -> Bool {
        if case .failure(let failure) = OCSPTestPKI.directory {
            print("skipped: the OCSP test PKI could not be made (\(failure))")
            return false
        }
        return true
    }

    func receiptReport(
        _ status: String, _ transport: OpenSSLResponderTransport, at now: Timestamp? = nil, cache: OCSPStatusCache = .init()
    )
        throws -> VerificationReport
    {
        let receipt = try AppReceipt(der: Array(try Data(contentsOf: try OCSPTestPKI.file("receipt-\(status).der"))))
        return ReceiptVerifier(policy: try OCSPTestPKI.policy(transport, now: now ?? self.now, cache: cache)).verify(receipt)
    }

    func jwsReport(_ status: String, _ transport: OpenSSLResponderTransport) throws -> VerificationReport {
        let text = try String(contentsOf: try OCSPTestPKI.file("jws-\(status).jws"), encoding: .utf8)
        let jws = try CompactJWS(text.trimmingCharacters(in: .whitespacesAndNewlines))
        return JWSVerifier(policy: try OCSPTestPKI.policy(transport, now: now)).verify(jws)
    }

    func revocation(_ report: VerificationReport) -> VerificationCheck? { report.checks.first { $0.id == .chainRevocation } }

    @Test func goodChainPassesAndAsksEachCertificateBelowTheAnchor() throws {
        guard available() else { return }
        let transport = OpenSSLResponderTransport()
        let report = try receiptReport("good", transport)
        let check = try #require(revocation(report))
        #expect(check.status == .pass, "\(check.detail)")
        #expect(report.verdict == .valid, "\(report.problemCheckIDs)")
        #expect(transport.requests == [OCSPTestPKI.leafURL, OCSPTestPKI.intermediateURL])
        #expect(check.detail.description.contains("good at \(OCSPTestPKI.leafURL)"))
        // Right after chain.validity.
        let ids = report.checks.map(\.id)
        #expect(ids.firstIndex(of: .chainRevocation) == ids.firstIndex(of: .chainValidity).map { $0 + 1 })
    }

    @Test func revokedLeafFailsAndMakesTheReceiptInvalid() throws {
        guard available() else { return }
        let report = try receiptReport("revoked", OpenSSLResponderTransport())
        let check = try #require(revocation(report))
        #expect(check.status == .fail)
        #expect(
            check.detail.description.contains("is revoked since 2025-01-01T00:00:00Z, reason keyCompromise"), "\(check.detail)")
        #expect(report.verdict == .invalid)
        #expect(report.failedCheckIDs == [.chainRevocation])
    }

    @Test func unknownStatusIsAnErrorAndUnverifiableHere() throws {
        guard available() else { return }
        let report = try receiptReport("unknown", OpenSSLResponderTransport())
        let check = try #require(revocation(report))
        #expect(check.status == .error)
        #expect(check.detail.description.contains("status unknown"), "\(check.detail)")
        #expect(report.verdict == .unverifiableHere)
    }

    @Test(arguments: [
        (OpenSSLResponderTransport.Mode.unreachable, "no answer"),
        (.wrongNonce, "nonce is not the request's"),
        (
            .badSignature,
            "not signed by the issuer or a responder it delegated (asn1 encoding routines::EVP lib; OCSP routines::signature failure)"
        ),
        (.stranger, "not signed by the issuer or a responder it delegated (OCSP routines::certificate verify error)"),
        (.itself, "not signed by the issuer or a responder it delegated (OCSP routines::missing ocspsigning usage)"),
    ])
    func untrustworthyOrMissingAnswersAreErrors(mode: OpenSSLResponderTransport.Mode, reason: String) throws {
        guard available() else { return }
        for era in ["receipt", "jws"] {
            let transport = OpenSSLResponderTransport(mode)
            let report = try era == "receipt" ? receiptReport("good", transport) : jwsReport("good", transport)
            let check = try #require(revocation(report))
            #expect(check.status == .error, "\(era): \(check.detail)")
            #expect(check.detail.description.contains(reason), "\(era): \(check.detail)")
            #expect(report.verdict == .unverifiableHere, "\(era)")
        }
    }

    @Test func staleAnswerIsAnError() throws {
        guard available() else { return }
        // Two days on, the answers' nextUpdate (one day) is well past, leeway and all.
        let later = Timestamp(milliseconds: now.milliseconds + 2 * 86_400_000)
        let check = try #require(revocation(try receiptReport("good", OpenSSLResponderTransport(), at: later)))
        #expect(check.status == .error)
        #expect(check.detail.description.contains("stale"), "\(check.detail)")
    }

    @Test func storeKitItemsGoThroughTheSameCheck() throws {
        guard available() else { return }
        #expect(revocation(try jwsReport("good", OpenSSLResponderTransport()))?.status == .pass)
        let revoked = try jwsReport("revoked", OpenSSLResponderTransport())
        #expect(revocation(revoked)?.status == .fail)
        #expect(revoked.verdict == .invalid)
        #expect(revocation(try jwsReport("unknown", OpenSSLResponderTransport()))?.status == .error)
    }

    @Test func goodAnswersAreCachedUntilTheyExpire() throws {
        guard available() else { return }
        let cache = OCSPStatusCache()
        let first = OpenSSLResponderTransport()
        #expect(revocation(try receiptReport("good", first, cache: cache))?.status == .pass)
        #expect(first.requests.count == 2)
        let second = OpenSSLResponderTransport()
        let cached = try #require(revocation(try receiptReport("good", second, cache: cache)))
        #expect(cached.status == .pass)
        #expect(second.requests.isEmpty)
        #expect(cached.detail.description.contains("kept from earlier"))
        // Sixteen minutes on, the entries have expired and both certificates are asked again.
        let third = OpenSSLResponderTransport()
        let later = Timestamp(milliseconds: now.milliseconds + 16 * 60_000)
        _ = try receiptReport("good", third, at: later, cache: cache)
        #expect(third.requests.count == 2)
        // A revoked answer is never kept.
        let revoked = OpenSSLResponderTransport()
        _ = try receiptReport("revoked", revoked, cache: cache)
        _ = try receiptReport("revoked", revoked, cache: cache)
        #expect(revoked.requests.filter { $0 == OCSPTestPKI.leafURL }.count == 2)
    }

    @Test func aResponderThatGaveNoAnswerIsNotAskedAgainForAMinute() throws {
        guard available() else { return }
        let receipt = try AppReceipt(der: Array(try Data(contentsOf: try OCSPTestPKI.file("receipt-good.der"))))
        let transport = OpenSSLResponderTransport(.unreachable)
        let clock = OCSPTestClock(now)
        var policy = try OCSPTestPKI.policy(transport, now: now)
        policy.revocation = RevocationChecker(transport: transport, clock: { clock.now })
        let verifier = ReceiptVerifier(policy: policy)
        #expect(revocation(verifier.verify(receipt))?.status == .error)
        #expect(transport.requests.count == 2)
        let again = try #require(revocation(verifier.verify(receipt)))
        #expect(again.status == .error)
        #expect(again.detail.description.contains("not asked again within a minute"))
        #expect(transport.requests.count == 2)
        clock.now = Timestamp(milliseconds: now.milliseconds + 61_000)
        #expect(revocation(verifier.verify(receipt))?.status == .error)
        #expect(transport.requests.count == 4)
    }

    @Test func withoutACheckerNothingIsAskedOrReported() throws {
        guard available() else { return }
        let receipt = try AppReceipt(der: Array(try Data(contentsOf: try OCSPTestPKI.file("receipt-revoked.der"))))
        var policy = try OCSPTestPKI.policy(OpenSSLResponderTransport(), now: now)
        policy.revocation = nil
        let report = ReceiptVerifier(policy: policy).verify(receipt)
        #expect(revocation(report) == nil)
        #expect(report.verdict == .valid)
    }

    @Test func anUntrustedChainIsNotAsked() throws {
        guard available() else { return }
        let transport = OpenSSLResponderTransport()
        var policy = try OCSPTestPKI.policy(transport, now: now)
        policy.anchors = [.appleIncRoot]
        let receipt = try AppReceipt(der: Array(try Data(contentsOf: try OCSPTestPKI.file("receipt-good.der"))))
        let report = ReceiptVerifier(policy: policy).verify(receipt)
        #expect(revocation(report)?.status == .skip)
        #expect(transport.requests.isEmpty)
    }
}

/// A clock a test moves by hand.
final class OCSPTestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Timestamp

    init(_ start: Timestamp) { value = start }

    var now: Timestamp {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
