import Foundation
import ReceiptAudit
import ReceiptKit
import TestSupport
import Testing

/// Audit records hold check ids, kinds and environments as types (issue 20.2): ids this version does not know are
/// kept as written and count as failed authenticity (fail closed), and an unreadable signed item is the record's
/// error, never an invented check id.
@Suite struct AuditCheckIDTests {
    /// The rule as docs/audit.md states it, by the ids' text: signer, chain and jws checks are about authenticity.
    @Test(arguments: CheckID.allCases)
    func authenticityIsTheSignerChainAndJWSChecks(id: CheckID) {
        let family = id.rawValue.split(separator: ".").first.map(String.init) ?? ""
        #expect(id.isAboutAuthenticity == ["signer", "chain", "jws"].contains(family), "\(id.rawValue)")
        #expect(AuditCheckID(rawValue: id.rawValue) == .known(id))
    }

    @Test func anUnknownIdIsKeptAsWrittenAndFailsClosed() throws {
        for text in ["jws.decode", "receipt.something_new", "chain.anchor ", "CHAIN.ANCHOR", ""] {
            let id = AuditCheckID(rawValue: text)
            #expect(id == .unrecognised(text) && id.rawValue == text && id.isAboutAuthenticity, "\(text)")
        }
        var record = AuditRecord(number: 1, source: "s", verdict: .invalid)
        record.kind = .appReceipt
        record.failedChecks = [.known(.bundleID)]
        #expect(record.hasAuthenticSignature)
        record.failedChecks.append(AuditCheckID(rawValue: "receipt.something_new"))
        #expect(!record.hasAuthenticSignature)
        // Read back from its line, the unknown id is still there and still keeps the record out of the index.
        let reread = try AuditRecord(json: try JSONParser.parse(Array(record.jsonLine.utf8)))
        #expect(reread.failedChecks.map(\.rawValue) == ["receipt.bundle_id", "receipt.something_new"])
        #expect(!reread.hasAuthenticSignature && reread == record)
    }

    @Test func aKindTheReaderDoesNotKnowIsRefusedAndEveryWrittenOneReadsBack() throws {
        let line = #"{"kind":"storekit3_hologram","record":1,"source":"s","verdict":"valid"}"#
        #expect(throws: AuditRecordParseError.self) { try AuditRecord(json: try JSONParser.parse(Array(line.utf8))) }
        for name in ["app_receipt", "xcode_receipt", "ios6_transaction_receipt", "storekit2_jws", "storekit2_refund_history"] {
            let kind = try #require(InputKind(name: name), "\(name)")
            #expect(kind.name == name)
        }
        #expect(InputKind(name: "storekit2_") == nil && InputKind(name: "App_receipt") == nil)
    }

    @Test func anUnreadableSignedItemIsTheRecordsErrorAndKeepsItOutOfTheIndex() throws {
        let history = String(decoding: try Fixtures.testVector("jws/bodies/transaction-history.json"), as: UTF8.self)
        #expect(history.contains(#""signedTransactions":[""#))
        let body = history.replacingOccurrences(of: #""signedTransactions":[""#, with: #""signedTransactions":["not-a-jws",""#)
        var policy = VerificationPolicy()
        policy.jwsAnchors = try X509Certificate.load(try Fixtures.testVector("jws/pki/root.pem")).map {
            TrustAnchor(certificate: $0, source: "jws/pki/root.pem")
        }
        let auditor = RecordAuditor(
            policy: policy, referenceTime: Timestamp(milliseconds: 1_780_000_000_000), referenceTimeName: "t")
        let record = auditor.audit(AuditItem(number: 1, source: "h", content: .file(Array(body.utf8))))
        #expect(record.verdict == .invalid && record.kind == .signedDataBody(.transactionHistory))
        #expect(record.failedChecks.isEmpty, "\(record.failedChecks)")
        let place = "signedTransactions[0]"
        #expect(
            record.error?.message.hasPrefix("the signed item at \(place) is not a readable JWS: ") == true,
            "\(record.error?.message ?? "")")
        #expect(!record.hasAuthenticSignature)
        // The genuine items' transactions are still stated, with the signed environment.
        #expect(!record.transactions.isEmpty && record.environment == .production)
    }
}
