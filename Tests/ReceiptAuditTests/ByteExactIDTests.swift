import Testing

@testable import ReceiptAudit
@testable import ReceiptKit

/// Ids and bundle ids are compared as bytes (issue 19, item 3): Swift's `String` equality is canonical
/// equivalence, under which each pair below is one string, though Apple and a fraud index see two ids.
@Suite struct ByteExactIDTests {
    /// Pairs that `==` calls equal although their UTF-8 bytes differ.
    static let lookAlikes: [(String, String)] = [
        ("Jos\u{E9}", "Jose\u{301}"),  // NFC and NFD
        ("\u{212A}im", "Kim"),  // KELVIN SIGN
        ("u\u{37E}1", "u;1"),  // GREEK QUESTION MARK
    ]

    @Test func thePairsAreEqualAsSwiftStringsButNotAsExactStrings() {
        for (one, other) in Self.lookAlikes {
            #expect(one == other)
            #expect(ExactString(one) != ExactString(other))
            #expect(!one.isByteEqual(to: other))
            #expect(Set([ExactString(one), ExactString(other)]).count == 2)
        }
    }

    @Test(arguments: lookAlikes.indices)
    func aReplayUnderALookAlikeUserIDIsShared(index: Int) throws {
        let (first, second) = Self.lookAlikes[index]
        let receipt = "receipts/one-inapp.b64"
        let (records, summary) = try AuditFixtures.audit(
            [try AuditFixtures.line(receipt, user: first), try AuditFixtures.line(receipt, user: second)],
            auditor: try AuditFixtures.auditor())
        #expect(records.map(\.verdict) == [.valid, .valid])
        #expect(records[1].signals.map(\.kind) == [.receiptSharedBetweenUsers, .transactionSharedBetweenUsers])
        let users = summary.groups.first { $0.kind == .receiptSharedBetweenUsers }?.users ?? []
        #expect(users.count == 2 && users[0].isByteEqual(to: first) && users[1].isByteEqual(to: second))
    }

    @Test func aLookAlikeBundleIDFailsTheCheckAndRaisesTheSignal() throws {
        var policy = VerificationPolicy()
        policy.bundleIDs = ["com.Kapp"]
        let check = FieldCheck.bundleID(policy, label: "bundle id", actual: "com.\u{212A}app")
        #expect(check.status == .fail)
        #expect(FieldCheck.bundleID(policy, label: "bundle id", actual: "com.Kapp").status == .pass)

        let auditor = try AuditFixtures.auditor { $0.bundleIDs = ["com.Kapp"] }
        var record = AuditRecord(number: 1, source: "x", verdict: .valid)
        record.bundleID = "com.\u{212A}app"
        #expect(auditor.signals(for: record, policy: auditor.policy, deviceFailure: nil).map(\.kind) == [.bundleIDNotAllowed])
    }

    @Test func summaryCountsKeepLookAlikeBundleIDsApart() {
        var summary = AuditSummary()
        for bundle in ["com.Kapp", "com.\u{212A}app", "com.Kapp"] {
            var record = AuditRecord(number: 1, source: "x", verdict: .valid)
            record.bundleID = bundle
            summary.add(record)
        }
        #expect(summary.bundleIDs == [ExactString("com.Kapp"): 2, ExactString("com.\u{212A}app"): 1])
    }

    @Test func numericIDsAreDigitsOnly() {
        #expect(SignalIndex.canonicalNumber("123") == 123)
        #expect(SignalIndex.canonicalNumber("+123") == nil)
        #expect(SignalIndex.canonicalNumber("0123") == nil)
        #expect(SignalIndex.canonicalNumber("0") == 0)
    }

    /// compare --api matches local and Apple's transactions by the id's bytes: a look-alike id is two transactions.
    @Test func historyComparisonMatchesTransactionIDsAsBytes() {
        for (local, remote) in Self.lookAlikes {
            let mine: [String: JSONValue] = ["transaction_id": .string(local), "product_id": .string("p")]
            let apple = PurchaseRecord(json: ["transaction_id": .string(remote), "product_id": .string("p")])
            let result = ReceiptComparison(localTransactions: [mine], history: [apple], localCreation: nil)
            #expect(result.differences.map(\.kind) == [.localOnly], "\(local) against \(remote)")
            #expect(result.remoteKnowledge.count == 1, "\(local) against \(remote)")
        }
    }
}
