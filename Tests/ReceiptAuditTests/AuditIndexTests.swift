import Foundation
import ReceiptKit
import TestSupport
import Testing

@testable import ReceiptAudit

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

    /// The summary's sharing groups take in earlier batches as the records' signals do: a key this run saw under
    /// one user that an earlier batch holds under another is a group, counting both batches' users.
    @Test func summaryGroupsTakeInEarlierBatches() throws {
        let folder = try Folder()
        _ = try audit(
            [try AuditFixtures.line(oneInApp, user: "alice"), try AuditFixtures.line(zeroInApp, user: "carol")],
            batch: "monday", index: folder.index)
        let (_, summary) = try audit(
            [try AuditFixtures.line(zeroInApp, user: "carol"), try AuditFixtures.line(oneInApp, user: "bob")],
            batch: "tuesday", index: folder.index)
        // one-inapp's payload, transaction id and original transaction id; carol's own receipt again is no group.
        let groups = summary.groups.filter(\.kind.isCrossRecord)
        #expect(
            groups.map(\.kind) == [.receiptSharedBetweenUsers, .transactionSharedBetweenUsers, .transactionSharedBetweenUsers])
        for group in groups {
            #expect(group.userCount == 2 && group.earlierUserCount == 1)
            #expect(group.users == ["bob"] && group.records == [2] && group.recordCount == 1)
            #expect(group.firstSeen == AuditFirstSeen(batch: "monday", line: 1, user: "alice"))
        }
        #expect(summary.signals == ["receipt_shared_between_users": 1, "transaction_shared_between_users": 1])
        let text = String(decoding: summary.fileBytes(), as: UTF8.self)
        #expect(text.contains("\"earlier_user_count\"") && text.contains("\"first_seen\""))
        // Shared within the run too: both users listed, none only earlier, the place still Monday's.
        let (_, wednesday) = try audit(
            [try AuditFixtures.line(oneInApp, user: "alice"), try AuditFixtures.line(oneInApp, user: "dave")],
            batch: "wednesday", index: folder.index)
        let payload = try #require(wednesday.groups.first { $0.kind == .receiptSharedBetweenUsers })
        #expect(payload.users == ["alice", "dave"] && payload.records == [1, 2])
        #expect(payload.userCount == 3 && payload.earlierUserCount == 1)
        #expect(payload.firstSeen == AuditFirstSeen(batch: "monday", line: 1, user: "alice"))
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

    @Test func forgettingABatchKeepsAUsersSightingInALaterOne() throws {
        let folder = try Folder()
        _ = try audit([try AuditFixtures.line(oneInApp, user: "alice")], batch: "monday", index: folder.index)
        _ = try audit(
            [try AuditFixtures.line(zeroInApp, user: "carol"), try AuditFixtures.line(oneInApp, user: "alice")],
            batch: "tuesday", index: folder.index)
        let index = try AuditIndex(path: folder.index)
        // alice sent it on both days: one row each, each with its own first place.
        #expect(
            try index.show(key: "2000000512345678").map(\.place) == [
                AuditFirstSeen(batch: "monday", line: 1, user: "alice"), AuditFirstSeen(batch: "tuesday", line: 2, user: "alice"),
            ])
        #expect(try index.forget(batch: "monday") == 3)
        #expect(
            try index.show(key: "2000000512345678").map(\.place) == [AuditFirstSeen(batch: "tuesday", line: 2, user: "alice")])
        // So a later batch's bob is still flagged against alice, now at Tuesday's line.
        let (wednesday, _) = try audit(
            [try AuditFixtures.line(oneInApp, user: "bob")], batch: "wednesday", index: folder.index)
        #expect(
            wednesday[0].signals.map(\.firstSeen)
                == Array(repeating: AuditFirstSeen(batch: "tuesday", line: 2, user: "alice"), count: 2))
    }

    @Test func numericIdsAreNumbersAndOtherSpellingsStayApart() throws {
        let key = AuditIndexKey(transaction: "2000000512345678")
        #expect(key.value == .integer(2_000_000_512_345_678))
        #expect(AuditIndexKey(transaction: "0123").value == .blob(Array("0123".utf8)))
        #expect(AuditIndexKey(transaction: "+123").value == .blob(Array("+123".utf8)))
        #expect(AuditIndexKey(transaction: "9223372036854775808").value == .blob(Array("9223372036854775808".utf8)))
        #expect(AuditIndexKey(transaction: "9223372036854775807").value == .integer(Int64.max))
    }

    /// A file written by the first schema (one row per key and user) is rewritten on open, keeping every row.
    @Test func aVersion1IndexIsMigrated() throws {
        let folder = try Folder()
        do {
            let old = try SQLiteConnection(path: folder.index, create: true)
            try old.execute(
                """
                CREATE TABLE batches (seq INTEGER PRIMARY KEY, label TEXT NOT NULL UNIQUE,
                    committed INTEGER NOT NULL DEFAULT 0, output_bytes INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE sends (kind INTEGER NOT NULL, key BLOB NOT NULL, user BLOB NOT NULL,
                    batch INTEGER NOT NULL, line INTEGER NOT NULL, record INTEGER NOT NULL,
                    PRIMARY KEY (kind, key, user)) WITHOUT ROWID;
                INSERT INTO batches (seq, label, committed) VALUES (1, 'monday', 2);
                INSERT INTO sends VALUES (2, CAST('2000000512345678' AS BLOB), CAST('alice' AS BLOB), 1, 1, 1);
                INSERT INTO sends VALUES (2, CAST('0123' AS BLOB), CAST('bob' AS BLOB), 1, 2, 2);
                PRAGMA user_version = 1;
                """)
        }
        let index = try AuditIndex(path: folder.index, create: false)
        #expect(try index.connection.integer("PRAGMA user_version") == 3)
        #expect(try index.show(key: "2000000512345678").map(\.place) == [AuditFirstSeen(batch: "monday", line: 1, user: "alice")])
        #expect(try index.show(key: "0123").map(\.user) == ["bob"])
        #expect(try index.show(key: "123").isEmpty)
        let stats = try index.stats()
        #expect(stats.rows == 2 && stats.keys == 2 && stats.users == 2)
        // Another schema is refused.
        try index.connection.execute("PRAGMA user_version = 7")
        #expect(throws: AuditIndexError.self) { try AuditIndex(path: folder.index) }
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
        #expect(FileManager.default.createFile(atPath: folder.index, contents: Data("not a database, just text\n".utf8)))
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
