import ReceiptAudit
import ReceiptKit
import ReceiptReport
import TestSupport
import Testing

/// The StoreKit 2 edge vectors (TestVectors/jws/edge/README.md says what each is and what must come of it):
/// strict headers, signing time without signedDate, the depth limit, notification sections, nested disagreement.
@Suite struct StoreKitEdgeVectorTests {
    func policy(_ configure: (inout VerificationPolicy) -> Void = { _ in }) throws -> VerificationPolicy {
        var policy = VerificationPolicy()
        policy.jwsAnchors = try X509Certificate.load(try Fixtures.testVector("jws/pki/root.pem")).map {
            TrustAnchor(certificate: $0, source: "jws/pki/root.pem")
        }
        policy.currentTime = Timestamp(milliseconds: 1_780_000_000_000)
        configure(&policy)
        return policy
    }

    func report(_ name: String, _ policy: VerificationPolicy) throws -> SignedDataReport {
        let jws = try CompactJWS(String(decoding: try Fixtures.testVector("jws/edge/\(name)"), as: UTF8.self))
        return SignedDataVerifier(policy: policy).verify(jws)
    }

    @Test(arguments: ["crit-unknown-parameter.jws", "crit-empty.jws"])
    func aCriticalHeaderParameterIsRefused(name: String) throws {
        let report = try report(name, try policy())
        #expect(report.verdict == .invalid)
        #expect(report.report?.failedCheckIDs == [.jwsHeader])
        let detail = report.report?.checks.first { $0.id == .jwsHeader }.map { "\($0.detail)" } ?? ""
        #expect(detail.contains("RFC 7515 §4.1.11"))
    }

    @Test func aNotificationWithoutSignedDateIsCheckedAtItsLatestVerifiedNestedDate() throws {
        let report = try report("notification-without-signed-date.jws", try policy())
        #expect(report.verdict == .valid)
        #expect(report.report?.verificationTime == Timestamp(milliseconds: 1_748_739_600_000))
        #expect(report.report?.verificationTimeSource == .payload("nested signedDate at data.signedTransactionInfo"))
        // --at still decides.
        let at = try self.report(
            "notification-without-signed-date.jws",
            try policy {
                $0.verificationTime = Timestamp(milliseconds: 1_750_000_000_000)
                $0.verificationTimeSource = .given
            })
        #expect(at.report?.verificationTimeSource == .given)
    }

    @Test func aForgedNestedItemLendsTheNotificationNoDate() throws {
        let report = try report("notification-without-signed-date-forged-nested.jws", try policy())
        #expect(report.verdict == .invalid)
        #expect(report.report?.verificationTime == Timestamp(milliseconds: 1_780_000_000_000))
        #expect(report.nested.first?.report?.failedCheckIDs == [.jwsSignature])
    }

    @Test func anItemPastTheDepthLimitIsNeverValid() throws {
        let report = try report("notification-nested-too-deep.jws", try policy())
        #expect(report.verdict == .unverifiableHere)
        let deepest = report.allItems.last
        #expect(
            deepest?.path
                == "data.signedTransactionInfo.data.signedTransactionInfo.data.signedTransactionInfo.data.signedTransactionInfo")
        guard case .notExamined(let why)? = deepest?.content else {
            Issue.record("the deepest item was examined")
            return
        }
        #expect(why.contains("past the limit of 3"))
    }

    @Test(arguments: ["notification-app-data.jws", "notification-summary.jws"])
    func notificationSectionsPassTheRequestedFieldChecksAndTheAuditAgrees(name: String) throws {
        let policy = try policy {
            $0.bundleIDs = ["com.example.appreceipt.storekit"]
            $0.environment = .production
        }
        let report = try report(name, policy)
        #expect(report.verdict == .valid)
        let auditor = RecordAuditor(
            policy: policy, referenceTime: Timestamp(milliseconds: 1_780_000_000_000), referenceTimeName: "t")
        let record = auditor.audit(
            AuditItem(number: 1, source: name, content: .file(try Fixtures.testVector("jws/edge/\(name)"))))
        #expect(record.verdict == .valid && record.signals.isEmpty)
        #expect(record.bundleID == "com.example.appreceipt.storekit" && record.environment == .production)
    }

    @Test func aNestedTransactionOfAnotherAppIsNotedAndKeepsItsOwnFacts() throws {
        let report = try report("notification-nesting-other-app.jws", try policy())
        #expect(report.verdict == .valid)
        #expect(
            report.notes == [
                "data.signedTransactionInfo.bundleId is com.example.other where data.bundleId is com.example.appreceipt.storekit",
                "data.signedTransactionInfo.environment is Sandbox where data.environment is Production",
            ])
        let auditor = RecordAuditor(
            policy: try policy(), referenceTime: Timestamp(milliseconds: 1_780_000_000_000), referenceTimeName: "t")
        let record = auditor.audit(
            AuditItem(
                number: 1, source: "n", content: .file(try Fixtures.testVector("jws/edge/notification-nesting-other-app.jws"))))
        #expect(record.environment == .production && record.warnings == report.notes)
        #expect(record.transactions.map(\.environment) == [.sandbox])
        #expect(record.transactions.map(\.bundleID) == ["com.example.other"])
        // The report counts the sale where it was signed: Sandbox, not the notification's Production.
        var builder = ReportBuilder(options: ReportOptions())
        builder.add(record)
        #expect(builder.finish().rows.map(\.key.environment) == ["Sandbox"])
    }

    @Test func lookAlikeProductAndTransactionIDsAreCountedApart() {
        var builder = ReportBuilder(options: ReportOptions())
        for (number, id) in ["2\u{212A}1", "2K1"].enumerated() {
            var record = AuditRecord(number: number + 1, source: "r", verdict: .valid)
            record.environment = .production
            record.transactions = [
                AuditTransaction(
                    transactionID: id, originalTransactionID: id, productID: "pro.\(id)",
                    purchaseDate: Timestamp(milliseconds: 1_748_736_000_000))
            ]
            builder.add(record)
        }
        let report = builder.finish()
        #expect(report.tallies.uniqueTransactions == 2)
        #expect(report.rows.count == 2)
    }

    @Test func datesAreMillisecondNumbersOrPlainDigits() {
        #expect(StoreKitDate.timestamp(.number("1748736000000")) == Timestamp(milliseconds: 1_748_736_000_000))
        #expect(StoreKitDate.timestamp(.number("1697679936049.7297")) == Timestamp(milliseconds: 1_697_679_936_049))
        #expect(StoreKitDate.timestamp(.string("1748736000000")) == Timestamp(milliseconds: 1_748_736_000_000))
        for text in ["0x18BCFE56800", "+1700000000000", "-1700000000000", "1.7e12", "1700000000000.5", " 1700000000000", ""] {
            #expect(StoreKitDate.timestamp(.string(text)) == nil, "\(text)")
        }
    }
}
