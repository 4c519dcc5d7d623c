import Foundation
import ReceiptAudit
import ReceiptKit
import TestSupport
import Testing

/// Each signal raised by records built from the project's test vectors, and the cases that must not raise one.
@Suite struct AuditSignalTests {
    let oneInApp = "receipts/one-inapp.b64"
    /// The same signed payload as one-inapp.b64 in another container encoding (certificates sorted, no NULL
    /// digest parameters): a different receipt_sha256, the same payload_sha256.
    let reencoded = "receipts/one-inapp-cms-sorted-certs.b64"
    let device = "11111111-2222-3333-4444-555555555555"

    func kinds(_ record: AuditRecord) -> [AuditSignal.Kind] { record.signals.map(\.kind) }

    @Test func aReceiptUnderASecondUserIsSharedEvenWhenReencoded() throws {
        let (records, summary) = try AuditFixtures.audit(
            [
                try AuditFixtures.line(oneInApp, user: "alice"), try AuditFixtures.line(reencoded, user: "alice"),
                try AuditFixtures.line(reencoded, user: "bob"),
            ], auditor: try AuditFixtures.auditor())
        #expect(records.map(\.verdict) == [.valid, .valid, .valid])
        #expect(records[0].receiptSHA256 != records[2].receiptSHA256)
        #expect(records[0].payloadSHA256 == records[2].payloadSHA256)
        // The same user twice is not sharing (receipts accumulate); the raise is on the later record only.
        #expect(kinds(records[0]).isEmpty && kinds(records[1]).isEmpty)
        #expect(kinds(records[2]) == [.receiptSharedBetweenUsers, .transactionSharedBetweenUsers])
        #expect(records[2].signals.map(\.records) == [[1], [1]])
        #expect(records[2].signals[1].detail.contains("2000000512345678"))
        #expect(records[2].signals[1].detail.contains("2000000512340000"))
        let groups = summary.groups.filter { $0.kind == .transactionSharedBetweenUsers }
        #expect(Set(groups.map(\.key)) == ["2000000512345678", "2000000512340000"])
        #expect(groups.allSatisfy { $0.users == ["alice", "bob"] && $0.records == [1, 3] && $0.recordCount == 3 })
        #expect(summary.signals == ["receipt_shared_between_users": 1, "transaction_shared_between_users": 1])
    }

    @Test func withoutUserIdsOrAuthenticSignaturesNothingIsShared() throws {
        let (records, _) = try AuditFixtures.audit(
            [
                try AuditFixtures.line(oneInApp), try AuditFixtures.line(oneInApp, user: "carol"),
                // A forgery carrying the same ids under another user is invalid, and neither indexed nor flagged.
                try AuditFixtures.line("attacks/tampered-signature-sha256.b64", user: "mallory"),
                try AuditFixtures.line("receipts/zero-inapp.b64", user: "dave"),
            ], auditor: try AuditFixtures.auditor())
        #expect(records.map(\.verdict) == [.valid, .valid, .invalid, .valid])
        #expect(records.allSatisfy { $0.signals.isEmpty })
        // The forged record did not take the ids: a later honest record of another user is flagged against carol.
        let (later, _) = try AuditFixtures.audit(
            [
                try AuditFixtures.line("attacks/tampered-signature-sha256.b64", user: "mallory"),
                try AuditFixtures.line(oneInApp, user: "carol"),
            ], auditor: try AuditFixtures.auditor())
        #expect(later.allSatisfy { $0.signals.isEmpty })
    }

    @Test func bundleIDsOutsideTheAllowedSetAreSignalledAndARecordsOwnBundleIDWins() throws {
        let auditor = try AuditFixtures.auditor { $0.bundleIDs = ["com.example.other"] }
        let (records, summary) = try AuditFixtures.audit(
            [
                try AuditFixtures.line(oneInApp),
                try AuditFixtures.line(oneInApp, bundle: "com.example.appreceipt.one"),
            ], auditor: auditor)
        #expect(kinds(records[0]) == [.bundleIDNotAllowed])
        #expect(records[0].verdict == .invalid && records[0].failedChecks == [.known(.bundleID)])
        #expect(records[0].signals[0].detail == "bundle id com.example.appreceipt.one is not com.example.other")
        #expect(records[0].signals[0].records == [1])
        #expect(records[1].verdict == .valid && records[1].signals.isEmpty)
        #expect(
            summary.groups == [
                AuditSignalGroup(
                    kind: .bundleIDNotAllowed, key: "com.example.appreceipt.one", recordCount: 1, records: [1], userCount: nil,
                    users: nil)
            ])
    }

    @Test func anEnvironmentOtherThanTheRequiredOneIsSignalled() throws {
        let auditor = try AuditFixtures.auditor { $0.environment = .production }
        let (records, _) = try AuditFixtures.audit(
            [try AuditFixtures.line(oneInApp), try AuditFixtures.line("receipts/zero-inapp.b64")], auditor: auditor)
        #expect(records[0].signals.isEmpty)
        #expect(kinds(records[1]) == [.environmentNotAllowed])
        #expect(records[1].signals[0].detail == "environment Sandbox where Production is required")
    }

    @Test func aDeviceIDThatFailsTheHashIsSignalledAndTheRecordsOwnIDWins() throws {
        let wrong = "AAAAAAAA-2222-3333-4444-555555555555"
        let auditor = try AuditFixtures.auditor { $0.deviceID = DeviceIdentifier(wrong) }
        let (records, _) = try AuditFixtures.audit(
            [
                try AuditFixtures.line("receipts/device-hash.b64"),
                try AuditFixtures.line("receipts/device-hash.b64", device: device),
                try AuditFixtures.line("receipts/device-hash.b64", device: "not-a-device"),
            ], auditor: auditor)
        #expect(kinds(records[0]) == [.deviceMismatch])
        #expect(records[0].verdict == .invalid && records[0].failedChecks == [.known(.deviceHash)])
        #expect(records[0].signals[0].detail.contains("the receipt was not issued to this device"))
        #expect(records[1].verdict == .valid && records[1].signals.isEmpty)
        #expect(records[2].verdict == .malformed)
        #expect(records[2].error?.message.contains("device_id 'not-a-device' is neither a UUID") == true)
    }

    @Test func aReceiptCreatedAfterTheReferenceTimeIsSignalled() throws {
        var auditor = try AuditFixtures.auditor()
        // Every test receipt is created 2024-03-01T12:00:00Z.
        auditor.referenceTime = Timestamp(milliseconds: 1_709_294_399_000)
        auditor.referenceTimeName = "--at"
        let (records, _) = try AuditFixtures.audit([try AuditFixtures.line(oneInApp)], auditor: auditor)
        #expect(kinds(records[0]) == [.creationDateInFuture])
        #expect(
            records[0].signals[0].detail == "receipt_creation_date 2024-03-01T12:00:00Z is after 2024-03-01T11:59:59Z (--at)")
        auditor.referenceTime = Timestamp(milliseconds: 1_709_294_400_000)
        #expect(try AuditFixtures.audit([try AuditFixtures.line(oneInApp)], auditor: auditor).0[0].signals.isEmpty)
    }

    @Test func iOS6TransactionReceiptsAreAuditedWithTheirPurchase() throws {
        let auditor = try AuditFixtures.auditor { $0.anchors = try intermediateAnchor() }
        let (records, _) = try AuditFixtures.audit(
            [
                try AuditFixtures.line("receipts/ios6-transaction.b64", user: "erin"),
                try AuditFixtures.line("receipts/ios6-transaction.b64", user: "frank"),
            ], auditor: auditor)
        #expect(records.map(\.verdict) == [.valid, .valid])
        #expect(records[0].kind == .transactionReceipt)
        // The environment is only in the unsigned outer plist: a claim, not a fact.
        #expect(records[0].bundleID == "com.example.appreceipt.ios6" && records[0].environment == nil)
        #expect(records[0].unsignedClaims == ["environment": "Sandbox"])
        #expect(
            records[0].transactions == [
                AuditTransaction(
                    transactionID: "1000000612345678", originalTransactionID: "1000000612345678",
                    productID: "com.example.appreceipt.coins.100", purchaseDate: Timestamp(milliseconds: 1_709_294_400_000))
            ])
        #expect(kinds(records[1]) == [.receiptSharedBetweenUsers, .transactionSharedBetweenUsers])
    }

    /// The outer plist of an iOS 6 receipt is not signed: rewriting its `environment` to `Xcode` (whose records
    /// never feed the sharing index) must not hide a replay, and the signature still holds.
    @Test func iOS6OuterEnvironmentRewrittenToXcodeDoesNotHideAReplay() throws {
        let plist = String(
            decoding: Data(base64Encoded: try AuditFixtures.base64("receipts/ios6-transaction.b64"))!, as: UTF8.self)
        let rewritten = plist.replacingOccurrences(of: "\"environment\" = \"Sandbox\";", with: "\"environment\" = \"Xcode\";")
        #expect(rewritten != plist)
        let data = Data(rewritten.utf8).base64EncodedString()
        let lines = ["erin", "frank"].map { "{\"receipt-data\":\"\(data)\",\"user_id\":\"\($0)\"}" }
        let auditor = try AuditFixtures.auditor { $0.anchors = try intermediateAnchor() }
        let (records, _) = try AuditFixtures.audit(lines, auditor: auditor)
        #expect(records.map(\.verdict) == [.valid, .valid])
        #expect(records[1].environment == nil && records[1].unsignedClaims == ["environment": "Xcode"])
        #expect(kinds(records[1]) == [.receiptSharedBetweenUsers, .transactionSharedBetweenUsers])
    }

    /// StoreKit 2 records are verified as `verify` verifies them: untrusted under the pinned Apple root (and
    /// then never fed to the sharing index), valid with the test PKI's root, and then the same transaction under
    /// two users is the replay signal, exactly as for receipts. Facts from TestVectors/jws (make-jws-vectors.sh).
    @Test func aStoreKit2TransactionIsVerifiedAndItsTransactionCompared() throws {
        let token = String(decoding: try Fixtures.testVector("jws/valid/transaction.jws"), as: UTF8.self)
            .filter { !$0.isWhitespace }
        let lines = ["{\"receipt\":\"\(token)\",\"user_id\":\"a\"}", "{\"receipt\":\"\(token)\",\"user_id\":\"b\"}"]
        let (pinned, _) = try AuditFixtures.audit(lines, auditor: try AuditFixtures.auditor())
        #expect(pinned.map(\.kind) == [.jws, .jws])
        #expect(pinned.map(\.verdict) == [.untrusted, .untrusted])
        #expect(
            pinned.allSatisfy { $0.failedChecks == [.known(.chainAnchor)] && $0.signals.isEmpty && !$0.hasAuthenticSignature })

        let root = try X509Certificate.load(try Fixtures.testVector("jws/pki/root.pem"))
        let auditor = try AuditFixtures.auditor { policy in
            policy.jwsAnchors = root.map { TrustAnchor(certificate: $0, source: "jws/pki/root.pem") }
        }
        let (records, _) = try AuditFixtures.audit(lines, auditor: auditor)
        #expect(records.map(\.verdict) == [.valid, .valid])
        #expect(records[0].bundleID == "com.example.appreceipt.storekit")
        #expect(records[0].environment == .production)
        #expect(records[0].creationDate == Timestamp(milliseconds: 1_748_736_000_000))
        #expect(records[0].transactions.map(\.transactionID) == ["2000000000000001"])
        #expect(records[0].transactions.map(\.originalTransactionID) == ["1000000000000001"])
        #expect(records[0].signals.isEmpty)
        #expect(records[1].signals.contains { $0.kind == .transactionSharedBetweenUsers && $0.records.contains(1) })
    }

    func intermediateAnchor() throws -> [TrustAnchor] {
        try X509Certificate.load(try Fixtures.testVector("pki/intermediate.pem")).map {
            TrustAnchor(certificate: $0, source: "pki/intermediate.pem")
        }
    }

    /// The index on its own, with records built by hand: family sharing, Xcode receipts, ids and limits.
    @Test func theIndexLeavesOutFamilySharingAndXcodeAndKeepsIdTextExact() {
        func record(_ number: Int, user: String, ids: [String], family: Bool = false, environment: InputEnvironment = .production)
            -> AuditRecord
        {
            var record = AuditRecord(number: number, source: "r\(number)", verdict: .valid)
            record.kind = .appReceipt
            record.userID = user
            record.environment = environment
            record.transactions = ids.map {
                AuditTransaction(
                    transactionID: $0, originalTransactionID: $0, ownershipType: family ? .familyShared : .purchased)
            }
            return record
        }
        var index = SignalIndex()
        var batch = [
            record(1, user: "a", ids: ["100"]), record(2, user: "b", ids: ["100"], family: true),
            record(3, user: "c", ids: ["0100"]), record(4, user: "d", ids: ["7"], environment: .xcode),
            record(5, user: "e", ids: ["7"], environment: .xcode), record(6, user: "f", ids: ["abc"]),
            record(7, user: "g", ids: ["abc", "100"]),
        ]
        for position in batch.indices { index.observe(&batch[position]) }
        #expect(batch[0..<6].allSatisfy { $0.signals.isEmpty })
        #expect(batch[6].signals.map(\.kind) == [.transactionSharedBetweenUsers])
        #expect(batch[6].signals[0].records == [1, 6])
        #expect(index.groups.map(\.key) == ["100", "abc"])
    }

    @Test func aKeySharedByManyUsersListsOnlyTheFirstFewRecords() {
        var index = SignalIndex()
        var last = AuditRecord(number: 0, source: "", verdict: .valid)
        for number in 1...60 {
            var record = AuditRecord(number: number, source: "r", verdict: .valid)
            record.kind = .appReceipt
            record.userID = "user-\(number)"
            record.transactions = [AuditTransaction(transactionID: "42")]
            index.observe(&record)
            last = record
        }
        #expect(last.signals[0].records == Array(1...SignalIndex.signalRecordLimit))
        #expect(last.signals[0].detail.contains("up to 59 other"))
        let group = index.groups[0]
        #expect(group.userCount == 60 && group.recordCount == 60 && group.records == Array(1...60))
    }
}
