import Foundation
import ReceiptAudit
import ReceiptKit
import TestSupport
import Testing

/// The SQLite index of earlier batches (`audit --index`): signals against it, batches, commits, inspection.
@Suite struct AuditIndexTests {
    let oneInApp = "receipts/one-inapp.b64"
    let zeroInApp = "receipts/zero-inapp.b64"

    /// A fresh folder for one test's index files, removed when the test ends.
    final class Folder {
        let directory: TemporaryDirectory
        var path: String { directory.url.path }
        init() throws { directory = try TemporaryDirectory("audit-index") }
        var index: String { directory.path("index.sqlite") }
    }

    /// Audits `lines` as batch `label` against the index at `path`, committing at the end.
    func audit(_ lines: [String], batch label: String, index path: String) throws -> ([AuditRecord], AuditSummary) {
        let index = try AuditIndex(path: path)
        _ = try index.begin(batch: label, resume: false)
        let result = try AuditFixtures.audit(lines, auditor: try AuditFixtures.auditor(), crossBatch: index)
        try index.finish(records: result.0.count)
        return result
    }

    @Test func anEmptyIndexChangesNoRecordAndNoSummary() throws {
        let folder = try Folder()
        let lines = [
            try AuditFixtures.line(oneInApp, user: "alice"), try AuditFixtures.line(zeroInApp, user: "carol"),
            try AuditFixtures.line(oneInApp, user: "bob"),
        ]
        let (plain, plainSummary) = try AuditFixtures.audit(lines, auditor: try AuditFixtures.auditor())
        let (indexed, indexedSummary) = try audit(lines, batch: "monday", index: folder.index)
        #expect(plain[2].signals.count == 2)
        #expect(indexed.map(\.jsonLine) == plain.map(\.jsonLine))
        #expect(indexedSummary == plainSummary)
    }

    @Test func aLaterBatchRaisesTheSignalsAgainstAnEarlierOneNamingWhere() throws {
        let folder = try Folder()
        _ = try audit(
            [try AuditFixtures.line(zeroInApp, user: "carol"), try AuditFixtures.line(oneInApp, user: "alice")],
            batch: "monday", index: folder.index)
        let (records, _) = try audit(
            [try AuditFixtures.line(oneInApp, user: "alice"), try AuditFixtures.line(oneInApp, user: "bob")],
            batch: "tuesday", index: folder.index)
        // alice sent it on Monday herself: nothing; bob's is flagged against Monday's line 2, and within Tuesday.
        #expect(records[0].signals.isEmpty)
        let monday = AuditFirstSeen(batch: "monday", line: 2, user: "alice")
        #expect(records[1].signals.map(\.kind) == [.receiptSharedBetweenUsers, .transactionSharedBetweenUsers])
        #expect(records[1].signals.map(\.firstSeen) == [monday, monday])
        #expect(records[1].signals.map(\.records) == [[1], [1]])
        #expect(records[1].signals[0].detail.hasSuffix("is under 1 other user id(s)"))
        #expect(records[1].jsonLine.contains(#""first_seen":{"batch":"monday","line":2,"user":"alice"}"#))
        // Without Monday's index, Tuesday alone is flagged within itself only: no first_seen.
        let (alone, _) = try audit(
            [try AuditFixtures.line(oneInApp, user: "alice"), try AuditFixtures.line(oneInApp, user: "bob")],
            batch: "tuesday", index: folder.path + "/other.sqlite")
        #expect(alone[1].signals.allSatisfy { $0.firstSeen == nil })
    }

    @Test func aSignalAgainstEarlierBatchesOnlyListsNoRecordOfThisOne() throws {
        let folder = try Folder()
        _ = try audit([try AuditFixtures.line(oneInApp, user: "alice")], batch: "monday", index: folder.index)
        let (records, summary) = try audit(
            [try AuditFixtures.line(oneInApp, user: "bob")], batch: "tuesday", index: folder.index)
        #expect(records[0].signals.map(\.records) == [[], []])
        #expect(records[0].signals.allSatisfy { $0.firstSeen == AuditFirstSeen(batch: "monday", line: 1, user: "alice") })
        #expect(summary.signals == ["receipt_shared_between_users": 1, "transaction_shared_between_users": 1])
    }

    @Test func aBatchLabelIsRefusedTwiceUnlessResumed() throws {
        let folder = try Folder()
        _ = try audit([try AuditFixtures.line(oneInApp, user: "alice")], batch: "monday", index: folder.index)
        let index = try AuditIndex(path: folder.index)
        #expect(throws: AuditIndexError.batchExists(label: "monday", committed: 1)) {
            try index.begin(batch: "monday", resume: false)
        }
        #expect(try index.begin(batch: "monday", resume: true) == AuditIndex.Committed(records: 1, outputBytes: 0))
    }

    @Test func rowsNotCommittedAreGoneWhenTheRunEnds() throws {
        let folder = try Folder()
        do {
            let index = try AuditIndex(path: folder.index)
            _ = try index.begin(batch: "monday", resume: false)
            _ = try AuditFixtures.audit(
                [try AuditFixtures.line(oneInApp, user: "alice")], auditor: try AuditFixtures.auditor(),
                crossBatch: index)
            // No commit: the process "dies" here.
        }
        let stats = try AuditIndex(path: folder.index).stats()
        #expect(stats.rows == 0 && stats.keys == 0)
        #expect(stats.batches == [AuditIndexStats.Batch(label: "monday", committedRecords: 0, rows: 0)])
    }

    @Test func statsShowAndForgetSayWhatTheIndexHolds() throws {
        let folder = try Folder()
        _ = try audit([try AuditFixtures.line(oneInApp, user: "alice")], batch: "monday", index: folder.index)
        let (tuesday, _) = try audit(
            [try AuditFixtures.line(zeroInApp, user: "carol"), try AuditFixtures.line(oneInApp, user: "bob")],
            batch: "tuesday", index: folder.index)
        let index = try AuditIndex(path: folder.index, create: false)
        let stats = try index.stats()
        // one-inapp: its payload and two ids (transaction, original); zero-inapp: its payload.
        #expect(stats.keys == 4 && stats.users == 3 && stats.rows == 7)
        #expect(stats.batches.map(\.label) == ["monday", "tuesday"] && stats.batches.map(\.rows) == [3, 4])
        #expect(stats.fileBytes > 0)
        let shown = try index.show(key: "2000000512345678")
        #expect(shown.map(\.user) == ["alice", "bob"])
        #expect(
            shown.map(\.place) == [
                AuditFirstSeen(batch: "monday", line: 1, user: "alice"), AuditFirstSeen(batch: "tuesday", line: 2, user: "bob"),
            ])
        let payload = try #require(tuesday[1].payloadSHA256)
        #expect(try index.show(key: payload).map(\.keyKind) == ["payload_sha256", "payload_sha256"])
        #expect(try index.forget(batch: "monday") == 3)
        #expect(try index.show(key: "2000000512345678").map(\.user) == ["bob"])
        #expect(throws: AuditIndexError.unknownBatch(label: "monday")) { try index.forget(batch: "monday") }
    }

    @Test func aResumedRunIsFlaggedAgainstItsOwnEarlierRunButNotAgainstItself() throws {
        let folder = try Folder()
        let first = try AuditIndex(path: folder.index)
        _ = try first.begin(batch: "monday", resume: false)
        _ = try AuditFixtures.audit(
            [try AuditFixtures.line(oneInApp, user: "alice")], auditor: try AuditFixtures.auditor(), crossBatch: first)
        try first.finish(records: 1)
        let resumed = try AuditIndex(path: folder.index)
        #expect(try resumed.begin(batch: "monday", resume: true).records == 1)
        // The resumed run's records are numbered on from the committed count (the CLI skips that many).
        var alice = try AuditFixtures.audit(
            [try AuditFixtures.line(oneInApp, user: "alice")], auditor: try AuditFixtures.auditor()
        ).0[0]
        alice.number = 2
        alice.source = "batch.jsonl:2"
        var bob = alice
        bob.userID = "bob"
        bob.number = 3
        bob.source = "batch.jsonl:3"
        resumed.observe(&alice)
        resumed.observe(&bob)
        try resumed.finish(records: 3)
        #expect(alice.signals.isEmpty)
        #expect(
            bob.signals.map(\.firstSeen) == Array(repeating: AuditFirstSeen(batch: "monday", line: 1, user: "alice"), count: 2))
    }

    @Test func aFileThatIsNotAnIndexIsRefused() throws {
        let folder = try Folder()
        FileManager.default.createFile(atPath: folder.index, contents: Data("not a database, just text\n".utf8))
        #expect(throws: AuditIndexError.self) { try AuditIndex(path: folder.index) }
        #expect(throws: AuditIndexError.self) { try AuditIndex(path: folder.path + "/missing.sqlite", create: false) }
    }

    @Test func firstSeenSurvivesARoundTripThroughJSON() throws {
        var record = AuditRecord(number: 4, source: "b.jsonl:4", verdict: .valid)
        record.signals = [
            AuditSignal(
                .transactionSharedBetweenUsers, "d", records: [],
                firstSeen: AuditFirstSeen(batch: "mon\u{1}day", line: 7, user: "ü"))
        ]
        let back = try AuditRecord(json: try JSONParser.parse(Array(record.jsonLine.utf8)))
        #expect(back.signals == record.signals)
        #expect(back.jsonLine == record.jsonLine)
    }
}
