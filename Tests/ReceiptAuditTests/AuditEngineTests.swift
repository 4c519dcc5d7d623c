import ReceiptAudit
import ReceiptKit
import ReceiptTestSupport
import Synchronization
import TestSupport
import Testing

/// The worker pool: input order kept whatever the timing, malformed records in place, early stops leave a clean
/// prefix, and the summary of shards equals the summary of one run.
@Suite struct AuditEngineTests {
    /// A mix whose records take very different times: 200 purchases, none, broken lines.
    func mixedLines(copies: Int) throws -> [String] {
        var lines: [String] = []
        for copy in 0..<copies {
            lines.append(try AuditFixtures.line("receipts/many-inapp-200.b64", user: "u\(copy)", id: "big\(copy)"))
            lines.append(try AuditFixtures.line("receipts/zero-inapp.b64", user: "u\(copy)", id: "empty\(copy)"))
            lines.append("{\"receipt-data\": \"cut")
            lines.append(try AuditFixtures.base64("receipts/one-inapp.b64"))
            lines.append(try AuditFixtures.line("attacks/self-made-root-sha1.b64", user: "u\(copy)"))
        }
        return lines
    }

    @Test(arguments: [1, 2, 4])
    func outputIsInInputOrderWithOneResultPerRecord(jobs: Int) throws {
        let lines = try mixedLines(copies: 12)
        let (records, summary) = try AuditFixtures.audit(lines, auditor: try AuditFixtures.auditor(), jobs: jobs)
        #expect(records.map(\.number) == Array(1...lines.count))
        #expect(records.map(\.source) == (1...lines.count).map { "batch.jsonl:\($0)" })
        let expected: [AuditVerdict] = [.valid, .valid, .malformed, .valid, .untrusted]
        #expect(records.map(\.verdict) == Array(repeating: expected, count: 12).flatMap { $0 })
        #expect(records.filter { $0.id?.hasPrefix("big") == true }.allSatisfy { $0.transactions.count == 200 })
        #expect(summary.records == lines.count)
        #expect(summary.verdicts == ["valid": 36, "malformed": 12, "untrusted": 12])
    }

    /// On a pipe that goes quiet after every line, each record already read is audited, emitted and flushed
    /// before the read that could wait: nothing in hand is held back by a slow writer, whatever the job count.
    @Test(arguments: [1, 2, 4])
    func recordsInHandAreEmittedAndFlushedBeforeAReadThatMayWait(jobs: Int) throws {
        var lines: [String] = []
        for copy in 0..<6 {
            lines.append(try AuditFixtures.line("receipts/one-inapp.b64", user: "u\(copy)"))
            lines.append("{\"receipt-data\": \"cut")
            lines.append(try AuditFixtures.line("receipts/zero-inapp.b64", user: "u\(copy)"))
        }
        var emitted = 0
        var flushedThrough = 0
        var checks: [(delivered: Int, emitted: Int, flushed: Int)] = []
        let fileSystem = MemoryFileSystem()
        fileSystem.quietPipe = QuietPipeSource(lines: lines) { delivered in
            checks.append((delivered, emitted, flushedThrough))
        }
        let reader = try RecordReader(inputs: [.records("-")], fileSystem: fileSystem, maximumRecordBytes: 1 << 20)
        var reducer = AuditReducer()
        let outcome = AuditEngine(auditor: try AuditFixtures.auditor(), jobs: jobs).run(
            reader, reducer: &reducer, idle: { flushedThrough = emitted }
        ) { record in
            emitted += 1
            #expect(record.number == emitted)
        }
        #expect(outcome == AuditEngine.Outcome(records: lines.count, unreadable: 0, interrupted: false))
        #expect(checks.count == lines.count)
        for check in checks {
            #expect(check.emitted == check.delivered && check.flushed == check.delivered, "\(check)")
        }
    }

    @Test func aTinyWindowStillKeepsOrder() throws {
        let lines = try mixedLines(copies: 4)
        let fileSystem = MemoryFileSystem()
        fileSystem.addFile("b.jsonl", lines.joined(separator: "\n"))
        let reader = try RecordReader(inputs: [.path("b.jsonl")], fileSystem: fileSystem, maximumRecordBytes: 1 << 20)
        var reducer = AuditReducer()
        var numbers: [Int] = []
        let engine = AuditEngine(auditor: try AuditFixtures.auditor(), jobs: 3, window: 1)
        #expect(engine.window == 6)
        let outcome = engine.run(reader, reducer: &reducer) { numbers.append($0.number) }
        #expect(numbers == Array(1...lines.count))
        #expect(outcome == AuditEngine.Outcome(records: lines.count, unreadable: 0, interrupted: false))
    }

    @Test func stoppingEarlyEmitsEveryRecordAlreadyReadAndNothingElse() throws {
        let lines = try mixedLines(copies: 20)
        let fileSystem = MemoryFileSystem()
        fileSystem.addFile("b.jsonl", lines.joined(separator: "\n"))
        let reader = try RecordReader(inputs: [.path("b.jsonl")], fileSystem: fileSystem, maximumRecordBytes: 1 << 20)
        let stop = Atomic<Bool>(false)
        var reducer = AuditReducer()
        var numbers: [Int] = []
        let outcome = AuditEngine(auditor: try AuditFixtures.auditor(), jobs: 2).run(
            reader, reducer: &reducer, shouldStop: { stop.load(ordering: .relaxed) }
        ) { record in
            numbers.append(record.number)
            if record.number == 7 { stop.store(true, ordering: .relaxed) }
        }
        #expect(outcome.interrupted)
        #expect(numbers.count < lines.count)
        #expect(numbers == Array(1...numbers.count))
        #expect(outcome.records == numbers.count && reducer.summary.records == numbers.count)
    }

    struct Broken: Error, Equatable {}

    @Test func anEmitErrorStopsTheRunAndIsRethrown() throws {
        let lines = try mixedLines(copies: 10)
        let fileSystem = MemoryFileSystem()
        fileSystem.addFile("b.jsonl", lines.joined(separator: "\n"))
        let reader = try RecordReader(inputs: [.path("b.jsonl")], fileSystem: fileSystem, maximumRecordBytes: 1 << 20)
        var reducer = AuditReducer()
        var seen = 0
        #expect(throws: Broken()) {
            _ = try AuditEngine(auditor: try AuditFixtures.auditor(), jobs: 2).run(reader, reducer: &reducer) {
                (record: AuditRecord) throws(Broken) in
                seen = record.number
                if record.number == 3 { throw Broken() }
            }
        }
        #expect(seen == 3)
    }

    @Test func unreadableRecordsAreCountedAndMalformed() throws {
        let fileSystem = MemoryFileSystem()
        fileSystem.directories = ["d"]
        fileSystem.files["d/a.b64"] = try Fixtures.testVector("receipts/zero-inapp.b64")
        fileSystem.unopenable["d/b.b64"] = "Permission denied"
        let reader = try RecordReader(inputs: [.path("d")], fileSystem: fileSystem, maximumRecordBytes: 1 << 20)
        var reducer = AuditReducer()
        var records: [AuditRecord] = []
        let outcome = AuditEngine(auditor: try AuditFixtures.auditor(), jobs: 2).run(reader, reducer: &reducer) {
            records.append($0)
        }
        #expect(outcome.unreadable == 1)
        #expect(records.map(\.verdict) == [.valid, .malformed])
        #expect(records[1].error == AuditRecordError(message: "cannot read d/b.b64: Permission denied"))
    }

    /// Shards written by separate runs (record numbers and cross-record signals local to each) summarize to the
    /// summary of one run over all records, signals that span the shards included.
    @Test func summarizingShardsEqualsTheSummaryOfOneRun() throws {
        var lines = try mixedLines(copies: 6)
        lines.insert(try AuditFixtures.line("receipts/one-inapp.b64", user: "early"), at: 2)
        lines.append(try AuditFixtures.line("receipts/one-inapp-sha1.b64", user: "late"))
        let auditor = try AuditFixtures.auditor { $0.bundleIDs = ["com.example.appreceipt.many"] }
        let (_, whole) = try AuditFixtures.audit(lines, auditor: auditor)
        let fileSystem = MemoryFileSystem()
        var shardNames: [String] = []
        for (index, range) in [0..<11, 11..<23, 23..<lines.count].enumerated() {
            let (records, _) = try AuditFixtures.audit(Array(lines[range]), auditor: auditor)
            shardNames.append("shard\(index).jsonl")
            fileSystem.addFile(shardNames[index], records.map { $0.jsonLine + "\n" }.joined())
        }
        let merged = try AuditShards.summarize(shardNames, fileSystem: fileSystem, maximumLineBytes: 1 << 20)
        #expect(merged == whole)
        #expect(merged.fileBytes() == whole.fileBytes())
        // Cross-shard signals were raised again: users u0..u5 share receipts that each shard saw only in part.
        #expect((whole.signals["transaction_shared_between_users"] ?? 0) > 0)
        // Per copy: the empty receipt, the bare one-inapp and the self-made-root forgery; plus early and late.
        #expect(whole.signals["bundle_id_not_allowed"] == 20)
        #expect(whole.groups.contains { $0.kind == .receiptSharedBetweenUsers && $0.users == ["early", "late"] })
        #expect(whole.groups.contains { $0.kind == .transactionSharedBetweenUsers && $0.users?.count == 6 })
    }

    @Test func recordsSurviveTheirJSONLine() throws {
        let (records, _) = try AuditFixtures.audit(
            try mixedLines(copies: 2) + [try AuditFixtures.line("receipts/date-forms.b64", user: "u0", id: "7")],
            auditor: try AuditFixtures.auditor())
        for record in records {
            #expect(try AuditRecord(json: try JSONParser.parse(record.jsonLine)) == record)
            #expect(!record.jsonLine.contains("\n"))
        }
        let malformed = try #require(records.first { $0.verdict == .malformed })
        #expect(
            malformed.jsonLine
                == "{\"error\":{\"message\":\"line 3: invalid JSON: unterminated string at offset 21\",\"offset\":21},"
                + "\"failed_checks\":[],\"record\":3,\"signals\":[],\"source\":\"batch.jsonl:3\",\"transactions\":[],"
                + "\"verdict\":\"malformed\"}")
    }
}
