import Foundation
import ReceiptAudit
import ReceiptKit
import ReceiptTestSupport
import TestSupport
import Testing

/// An App Store Server API answer is unsigned JSON around signed items, so the audit's facts come from the items
/// (issue 19, item 1): a wrapper that claims Xcode or another environment or app changes no fact, check, signal or
/// count; its claims are shown as such and the disagreement is a warning.
@Suite struct UnsignedWrapperFactsTests {
    /// transaction-history.json (two Production transactions of com.example.appreceipt.storekit) with the body's
    /// own `environment` and `bundleId` replaced.
    func history(environment: String, bundleID: String) throws -> String {
        var text = String(decoding: try Fixtures.testVector("jws/bodies/transaction-history.json"), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"environment\":\"Production\"", with: "\"environment\":\"\(environment)\"")
        text = text.replacingOccurrences(
            of: "\"bundleId\":\"com.example.appreceipt.storekit\"", with: "\"bundleId\":\"\(bundleID)\"")
        return text.filter { !$0.isNewline }
    }

    func line(_ body: String, user: String) -> String {
        let escaped = body.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "{\"receipt-data\":\"\(escaped)\",\"user_id\":\"\(user)\"}"
    }

    func auditor(_ configure: (inout VerificationPolicy) -> Void = { _ in }) throws -> RecordAuditor {
        let root = try X509Certificate.load(try Fixtures.testVector("jws/pki/root.pem"))
        return try AuditFixtures.auditor { policy in
            policy.jwsAnchors = root.map { TrustAnchor(certificate: $0, source: "jws/pki/root.pem") }
            configure(&policy)
        }
    }

    @Test func aWrapperClaimingXcodeNeitherSetsTheEnvironmentNorKeepsTheRecordOutOfTheIndex() throws {
        let (records, summary) = try AuditFixtures.audit(
            [
                line(try history(environment: "Xcode", bundleID: "com.evil"), user: "alice"),
                line(try history(environment: "Production", bundleID: "com.example.appreceipt.storekit"), user: "bob"),
            ], auditor: try auditor())
        #expect(records.map(\.verdict) == [.valid, .valid])
        #expect(records.map(\.environment) == [.production, .production])
        #expect(records.map(\.bundleID) == ["com.example.appreceipt.storekit", "com.example.appreceipt.storekit"])
        #expect(records[0].unsignedClaims["environment"] == "Xcode" && records[0].unsignedClaims["bundleId"] == "com.evil")
        #expect(
            records[0].warnings == [
                "the unsigned body says bundleId com.evil where signedTransactions[0].bundleId is "
                    + "com.example.appreceipt.storekit; the signed value is used",
                "the unsigned body says environment Xcode where signedTransactions[0].environment is Production; "
                    + "the signed value is used",
            ])
        #expect(records[1].warnings.isEmpty)
        // The replay under bob is seen against alice's record.
        #expect(records[1].signals.map(\.kind) == [.transactionSharedBetweenUsers])
        #expect(summary.environments == [ExactString("Production"): 2])
    }

    @Test func theAllowListsLookAtTheSignedValues() throws {
        let auditor = try auditor {
            $0.environment = .production
            $0.bundleIDs = ["com.example.appreceipt.storekit"]
        }
        let (records, _) = try AuditFixtures.audit(
            [line(try history(environment: "Sandbox", bundleID: "com.other"), user: "carol")], auditor: auditor)
        #expect(records[0].verdict == .valid)
        #expect(records[0].signals.isEmpty)
        #expect(records[0].warnings.count == 2)
    }

    @Test func theRecordLineCarriesClaimsAndWarningsBackAndForth() throws {
        let (records, _) = try AuditFixtures.audit(
            [line(try history(environment: "Xcode", bundleID: "com.evil"), user: "alice")], auditor: try auditor())
        let json = try JSONParser.parse(Array(records[0].jsonLine.utf8))
        #expect(json["unsigned_claims"]?["environment"]?.scalarText == "Xcode")
        #expect(json["warnings"]?.arrayValue?.count == 2)
        #expect(try AuditRecord(json: json) == records[0])
    }

    @Test func verifyNotesTheDisagreement() throws {
        let root = try X509Certificate.load(try Fixtures.testVector("jws/pki/root.pem"))
        var policy = try testPolicy()
        policy.jwsAnchors = root.map { TrustAnchor(certificate: $0, source: "jws/pki/root.pem") }
        let decoded = try ReceiptDecoder.decode(Array(try history(environment: "Sandbox", bundleID: "com.evil").utf8))
        guard case .signedDataBody(let body) = decoded.document else {
            Issue.record("not a body")
            return
        }
        let report = SignedDataVerifier(policy: policy).verify(body)
        #expect(report.verdict == .valid)
        #expect(report.facts.environment == .production && report.facts.bundleID == "com.example.appreceipt.storekit")
        #expect(report.notes.contains { $0.hasPrefix("the unsigned body says environment Sandbox where") })
    }
}
