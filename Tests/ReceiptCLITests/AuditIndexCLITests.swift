import Foundation
import TestSupport
import Testing

/// `audit --index` through the built binary: the same bytes with an empty index, batch labels, the signals of
/// a later batch against an earlier one (issue 23's done-when), exactly once under SIGKILL, and `index`.
@Suite struct AuditIndexCLITests {
    let oneInApp = "receipts/one-inapp.b64"
    let zeroInApp = "receipts/zero-inapp.b64"
    /// The project's test PKI, under which the vectors' signatures and chains hold (so they are indexed).
    let trust = ["--trust-anchor", Project.root.path + "/TestVectors/pki/root.pem"]

    /// Twelve records from the project's vectors, users alternating so that later records share earlier ones'.
    func twelveRecords() throws -> String {
        try (1...12).map { number in
            try AuditLines.json(number % 3 == 0 ? zeroInApp : oneInApp, user: "user-\(number % 4)", id: "r\(number)")
        }
        .joined(separator: "\n") + "\n"
    }

    @Test func anEmptyIndexGivesTheSameRecordsAndSummaryBytes() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("batch.jsonl", try twelveRecords())
        let plain = try BinaryRunner.run(["audit"] + trust + ["--jobs", "2", "--summary", directory.path("plain.json"), input])
        let indexed = try BinaryRunner.run([
            "audit", trust[0], trust[1], "--jobs", "2", "--summary", directory.path("indexed.json"), "--index",
            directory.path("index.sqlite"),
            "--batch", "monday", input,
        ])
        #expect(plain.status == 1 && indexed.status == 1)
        #expect(plain.stdout.contains("transaction_shared_between_users"))
        #expect(indexed.stdout == plain.stdout)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: directory.path("indexed.json")))
                == Data(contentsOf: URL(fileURLWithPath: directory.path("plain.json"))))
        // The label is taken now: refused (64) without --resume.
        let again = try BinaryRunner.run([
            "audit", trust[0], trust[1], "--index", directory.path("index.sqlite"), "--batch", "monday", input,
        ])
        #expect(again.status == 64)
        #expect(again.stderr.contains("batch 'monday' is in the index already"))
        #expect(again.stdout.isEmpty)
    }

    @Test func indexSubcommandsShowWhatTheIndexHolds() throws {
        let directory = try TemporaryDirectory()
        let index = directory.path("index.sqlite")
        let first = try directory.write("monday.jsonl", try AuditLines.json(oneInApp, user: "alice") + "\n")
        let second = try directory.write("tuesday.jsonl", try AuditLines.json(oneInApp, user: "bob") + "\n")
        _ = try BinaryRunner.run(["audit"] + trust + ["--index", index, "--batch", "monday", first])
        let tuesday = try BinaryRunner.run(["audit"] + trust + ["--index", index, "--batch", "tuesday", second])
        #expect(tuesday.stdout.contains(#""first_seen":{"batch":"monday","line":1,"user":"alice"}"#))
        let stats = try BinaryRunner.run(["index", "stats", "--index", index])
        #expect(stats.status == 0)
        #expect(stats.stdout.contains("keys: 3\n") && stats.stdout.contains("users: 2\n"))
        #expect(stats.stdout.contains("  monday: 1 records committed, 3 rows"))
        let show = try BinaryRunner.run(["index", "show", "--index", index, "2000000512345678"])
        #expect(show.stdout.contains("transaction_id user alice first seen in batch monday line 1"))
        #expect(show.stdout.contains("transaction_id user bob first seen in batch tuesday line 1"))
        let forget = try BinaryRunner.run(["index", "forget", "--index", index, "--batch", "monday"])
        #expect(forget.status == 0 && forget.stdout.contains("3 rows removed"))
        #expect(try BinaryRunner.run(["index", "forget", "--index", index, "--batch", "monday"]).status == 64)
        #expect(try BinaryRunner.run(["index", "stats", "--index", directory.path("missing.sqlite")]).status == 66)
    }

    /// Kills `audit --index --output` with SIGKILL at a named point, resumes, and checks that the output and the
    /// index hold every record exactly once, in order, as an uninterrupted run's do.
    @Test(arguments: ["start", "record:1", "record:6", "synced:4", "synced:8", "record:12"])
    func aKilledRunResumesToEveryRecordExactlyOnce(point: String) throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("batch.jsonl", try twelveRecords())
        let reference = try BinaryRunner.run([
            "audit", trust[0], trust[1], "--jobs", "2", "--index", directory.path("reference.sqlite"), "--batch", "b", "--output",
            directory.path("reference.jsonl"), "--commit-every", "4", input,
        ])
        #expect(reference.status == 1)
        let arguments = [
            "audit", trust[0], trust[1], "--jobs", "2", "--index", directory.path("index.sqlite"), "--batch", "b", "--output",
            directory.path("out.jsonl"), "--commit-every", "4", input,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["APPRECEIPT_TEST_CRASH_AT"] = point
        let killed = try BinaryRunner.run(arguments, environment: environment)
        #expect(killed.signalled && killed.status == SIGKILL, "\(point): \(killed.status) \(killed.stderr)")
        let resumed = try BinaryRunner.run(arguments + ["--resume"])
        #expect([0, 1].contains(resumed.status), "\(resumed.stderr)")
        let records = try AuditLines.parse(try String(contentsOfFile: directory.path("out.jsonl"), encoding: .utf8))
        let expected = try AuditLines.parse(
            try String(contentsOfFile: directory.path("reference.jsonl"), encoding: .utf8))
        #expect(records.map { $0["record"] as? Int } == Array(1...12), "\(point)")
        #expect(records.map { $0["id"] as? String } == expected.map { $0["id"] as? String })
        #expect(records.map { $0["verdict"] as? String } == expected.map { $0["verdict"] as? String })
        // The same rows as the uninterrupted run's, and all twelve records committed.
        let stats = try BinaryRunner.run(["index", "stats", "--index", directory.path("index.sqlite")])
        let referenceStats = try BinaryRunner.run(["index", "stats", "--index", directory.path("reference.sqlite")])
        #expect(stats.stdout.split(separator: "\n").dropFirst(2) == referenceStats.stdout.split(separator: "\n").dropFirst(2))
        #expect(stats.stdout.contains("  b: 12 records committed"))
        // No record is flagged against itself or against its own user from the killed run.
        for record in records {
            for signal in record["signals"] as? [[String: Any]] ?? [] {
                let place = signal["first_seen"] as? [String: Any]
                #expect(place?["user"] as? String != record["user_id"] as? String)
                #expect((place?["line"] as? Int ?? 0) < (record["record"] as? Int ?? 0))
            }
        }
    }

    /// The done-when: two make_batch.py batches, the second's user ids shifted. With the first's index, the
    /// second's first copy of each receipt (under users new to it) is flagged against the first, naming batch
    /// and line; without it, none of them is.
    @Test(.requires(BatchMaker.present))
    func aSecondBatchIsFlaggedAgainstTheFirstOnlyWithItsIndex() throws {
        let directory = try TemporaryDirectory()
        try BatchMaker.make(into: directory.url.path, ["--reps", "2"])
        let monday = directory.path("records.jsonl")
        let text = try String(contentsOfFile: monday, encoding: .utf8)
        // user-000 -> user-100, user-001 -> user-101: nobody of Monday is in Tuesday.
        let shifted = text.replacingOccurrences(of: "\"user_id\": \"user-0", with: "\"user_id\": \"user-1")
            .replacingOccurrences(of: "\"user_id\":\"user-0", with: "\"user_id\":\"user-1")
        try #require(shifted != text)
        let tuesday = try directory.write("tuesday.jsonl", shifted)
        let index = directory.path("index.sqlite")
        let first = try BinaryRunner.run(["audit", "--index", index, "--batch", "monday", monday])
        let mondayRecords = try AuditLines.parse(first.stdout)
        let withIndex = try AuditLines.parse(
            try BinaryRunner.run(["audit", "--index", index, "--batch", "tuesday", tuesday]).stdout)
        let without = try AuditLines.parse(try BinaryRunner.run(["audit", tuesday]).stdout)
        let perCopy = mondayRecords.count / 2
        var flagged = 0
        for position in 0..<perCopy {
            let shared = Self.signal("transaction_shared_between_users", withIndex[position])
            #expect(Self.signal("transaction_shared_between_users", without[position]) == nil)
            guard let shared else { continue }
            flagged += 1
            let place = try #require(shared["first_seen"] as? [String: Any])
            let line = try #require(place["line"] as? Int)
            #expect(place["batch"] as? String == "monday")
            #expect(place["user"] as? String == mondayRecords[line - 1]["user_id"] as? String)
            #expect(line <= position + 1)
        }
        #expect(flagged > perCopy / 2, "\(flagged) of \(perCopy) first copies flagged against Monday")
    }

    static func signal(_ id: String, _ record: [String: Any]) -> [String: Any]? {
        (record["signals"] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }
}
