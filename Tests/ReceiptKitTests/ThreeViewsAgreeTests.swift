import Foundation
import ReceiptAudit
import ReceiptKit
import ReceiptReport
import TestSupport
import Testing

/// `verify`, `audit` and `report` read the same facts from the same StoreKit 2 input (issue 20): bundle id,
/// environment and transactions, for every kind the project has a vector of (a transaction, a renewal info, an
/// AppTransaction, notifications with each section, API answers).
@Suite struct ThreeViewsAgreeTests {
    static let inputs: [String] = {
        let root = Fixtures.testVectors.appendingPathComponent("jws")
        return ["valid", "edge", "bodies"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".jws") || $0.hasSuffix(".json") }.sorted().map { "jws/\(folder)/\($0)" }
        }
    }()

    func policy() throws -> VerificationPolicy {
        var policy = VerificationPolicy()
        policy.jwsAnchors = try X509Certificate.load(try Fixtures.testVector("jws/pki/root.pem")).map {
            TrustAnchor(certificate: $0, source: "jws/pki/root.pem")
        }
        policy.allowXcode = true
        policy.currentTime = Timestamp(milliseconds: 1_780_000_000_000)
        return policy
    }

    @Test func everyKindHasAVector() {
        #expect(Self.inputs.count >= 14, "\(Self.inputs)")
    }

    @Test(arguments: inputs)
    func verifyAuditAndReportAgree(path: String) throws {
        let bytes = try Fixtures.testVector(path)
        let policy = try policy()
        // verify
        let items: [SignedDataReport]
        let facts: SignedDataFacts
        switch VerifyDocument.verify(source: path, bytes: bytes, policy: policy) {
        case .signedData(_, let report):
            items = report.allItems
            facts = SignedDataFacts(items: items)
        case .signedDataBody(_, let report):
            items = report.items.flatMap(\.allItems)
            facts = report.facts
        default:
            Issue.record("\(path) is not StoreKit 2 signed data")
            return
        }
        // audit
        let auditor = RecordAuditor(
            policy: policy, referenceTime: Timestamp(milliseconds: 1_780_000_000_000), referenceTimeName: "t")
        let record = auditor.audit(AuditItem(number: 1, source: path, content: .file(bytes)))
        #expect(record.bundleID == facts.bundleID, "\(path)")
        #expect(record.environment == facts.environment, "\(path)")
        let signedIDs = items.filter { $0.kind == .transaction }.compactMap { $0.jws?.payload["transactionId"]?.scalarText }
        #expect(record.transactions.map(\.transactionID) == signedIDs, "\(path)")
        // report: every counted transaction lands in its own signed environment
        var builder = ReportBuilder(options: ReportOptions(includeUnverified: true))
        builder.add(record)
        let report = builder.finish()
        let environments = Set(
            record.transactions.filter { $0.purchaseDate != nil }.map { $0.environment ?? record.environment ?? "" })
        #expect(Set(report.rows.compactMap(\.key.environment)) == environments, "\(path)")
    }
}
