import Foundation
import ReceiptAudit
import ReceiptKit
import ReceiptReport
import TestSupport
import Testing

/// `verify`, `audit` and `report` read the same facts from the same input (issue 20): kind, bundle id, environment
/// and transactions, for every kind the project has a vector of (app receipts, an Xcode receipt, an iOS 6 receipt,
/// a transaction, a renewal info, an AppTransaction, notifications with data, summary and appData, App Store
/// Server API answers) and for every receipt and JWS of the corpus in ../shared/vectors. The expected transaction
/// ids come from the signed data itself (the receipt's attribute accessors, the JWS payloads' `transactionId`), not
/// from the facts model under test.
@Suite struct ThreeViewsAgreeTests {
    static let inputs: [String] = {
        let root = Fixtures.testVectors
        let receipts = [
            "receipts/one-inapp.der", "receipts/many-inapp-200.der", "receipts/xcode-like.der",
            "receipts/zero-inapp.der", "receipts/ios6-transaction.b64",
        ]
        return receipts
            + ["jws/valid", "jws/edge", "jws/bodies", "api"].flatMap { folder in
                ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
                    .filter { $0.hasSuffix(".jws") || $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
            }.filter { $0 != "api/answers.json" }
    }()

    /// Every receipt, iOS 6 receipt and JWS the corpus manifest lists; empty without the corpus.
    static let corpus: [String] = {
        guard Corpus.available else { return [] }
        let kinds: Set = ["receipt", "ios6-receipt", "jws", "jws (nested)"]
        return ((try? ManifestEntry.table("input", { kinds.contains($0.kind) })) ?? []).map(\.file)
    }()

    static let now = Timestamp(milliseconds: 1_780_000_000_000)

    static func policy() throws -> VerificationPolicy {
        var policy = VerificationPolicy()
        policy.jwsAnchors = try X509Certificate.load(try Fixtures.testVector("jws/pki/root.pem")).map {
            TrustAnchor(certificate: $0, source: "jws/pki/root.pem")
        }
        policy.allowXcode = true
        policy.currentTime = now
        return policy
    }

    @Test func everyKindHasAVector() throws {
        #expect(Self.inputs.count >= 25, "\(Self.inputs)")
        let kinds = try Self.inputs.map { path in
            try DecodeDocument(source: path, bytes: try Fixtures.testVector(path)).input.kind.name
        }
        for kind in [
            // A notification body and a Get Transaction Info answer carry one JWS each, which decode unwraps.
            "app_receipt", "xcode_receipt", "ios6_transaction_receipt", "storekit2_jws", "storekit2_transaction_history",
            "storekit2_all_subscription_statuses", "storekit2_refund_history",
        ] {
            #expect(kinds.contains(kind), "no vector of kind \(kind)")
        }
    }

    @Test(arguments: inputs)
    func verifyAuditAndReportAgree(path: String) throws {
        try Self.expectAgreement(path, bytes: try Fixtures.testVector(path))
    }

    @Test(.enabled(if: Corpus.available, Comment(rawValue: Corpus.absent)))
    func verifyAuditAndReportAgreeOnTheCorpus() throws {
        #expect(Self.corpus.count >= 60, "the manifest lists \(Self.corpus.count) receipts and JWS")
        for file in Self.corpus { try Self.expectAgreement(file, bytes: try Fixtures.shared(file)) }
    }

    static func expectAgreement(_ path: String, bytes: [UInt8]) throws {
        // verify
        let document = VerifyDocument.verify(source: path, bytes: bytes, policy: try policy())
        let facts = try #require(document.facts, "\(path) does not decode")
        let expectedIDs = try #require(signedTransactionIDs(document), "\(path)")
        #expect(facts.transactions.map(\.transactionID) == expectedIDs, "\(path)")
        #expect(facts.kind == document.decoded?.input.kind, "\(path)")
        // audit
        let auditor = RecordAuditor(policy: try policy(), referenceTime: now, referenceTimeName: "t")
        let record = auditor.audit(AuditItem(number: 1, source: path, content: .file(bytes)))
        #expect(record.kind == facts.kind, "\(path)")
        #expect(record.bundleID == facts.bundleID, "\(path)")
        #expect(record.environment == facts.environment, "\(path)")
        #expect(record.transactions.map(\.transactionID) == expectedIDs, "\(path)")
        #expect(record.transactions.map(\.productID) == facts.transactions.map(\.productID), "\(path)")
        #expect(record.transactions.map(\.purchaseDate) == facts.transactions.map(\.purchaseDate), "\(path)")
        // The record written and read back (as summarize and report read it) keeps them.
        let reread = try AuditRecord(json: try JSONParser.parse(Array(record.jsonLine.utf8)))
        #expect(reread == record, "\(path)")
        // report: every counted transaction lands under its product in its own signed environment
        var builder = ReportBuilder(options: ReportOptions(includeUnverified: true))
        builder.add(reread)
        let rows = builder.finish().rows
        let counted = facts.transactions.filter { $0.purchaseDate != nil }
        let expected = Set(counted.map { "\(($0.environment ?? facts.environment)?.rawValue ?? "")|\($0.productID ?? "")" })
        #expect(Set(rows.map { "\($0.key.environment ?? "")|\($0.key.productID ?? "")" }) == expected, "\(path)")
    }

    /// The transaction ids as the signed data states them, read without the facts model: a receipt's through its
    /// attribute accessors or purchase info, StoreKit 2's from each signed transaction's payload.
    static func signedTransactionIDs(_ document: VerifyDocument) -> [String?]? {
        let items: [SignedDataReport]
        switch document {
        case .verified(let decoded, _):
            switch decoded.content {
            case .appReceipt(let receipt): return receipt.receipt.inApp.map(\.transactionID)
            case .transactionReceipt(let receipt): return [receipt.purchaseInfo["transaction-id"]]
            case .jws, .signedDataBody: return nil
            }
        case .malformed: return nil
        case .signedData(_, let report): items = report.allItems
        case .signedDataBody(_, let report): items = report.items.flatMap(\.allItems)
        }
        return items.filter { $0.kind == .transaction && $0.jws != nil }.map { $0.jws?.payload["transactionId"]?.scalarText }
    }
}
