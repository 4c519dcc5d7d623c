import ReceiptKit
import TestSupport
import Testing

@testable import ReceiptAudit

/// The per-key counts and first places of the audit index (`shared_keys`, schema 3) against a brute-force
/// recomputation from the raw `sends` rows, over many random patterns of batches, users and keys with kills,
/// resumes and `forget`; and that a record's work does not grow with the users sharing its keys.
@Suite struct AuditIndexSharingTests {
    /// The suite's generator: deterministic, so that a failing pattern is the same on every run.
    typealias Generator = SplitMix

    static let users = ["u1", "u2", "u3", "\u{FC}"]
    static let payloads = (0..<3).map { "a\($0)" + String(repeating: "0", count: 62) }
    static let ids = ["1001", "1002", "1003", "0123", "A7"]

    /// An authentic, user-tagged record built by hand; its line is three times its number (so that a mix-up
    /// of the two shows).
    static func record(_ number: Int, user: String, payload: String?, ids: [String]) -> AuditRecord {
        var record = AuditRecord(number: number, source: "batch.jsonl:\(number * 3)", verdict: .valid)
        record.kind = .appReceipt
        record.userID = user
        record.payloadSHA256 = payload
        var pairs: [AuditTransaction] = []
        var rest = ids[...]
        while let first = rest.popFirst() {
            pairs.append(AuditTransaction(transactionID: first, originalTransactionID: rest.popFirst()))
        }
        record.transactions = pairs
        return record
    }

    static func randomRecord(_ number: Int, _ random: inout Generator) -> AuditRecord {
        let payload = Int.random(in: 0..<5, using: &random) == 0 ? nil : payloads.randomElement(using: &random)
        let ids = Array(Self.ids.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)))
        return record(number, user: users.randomElement(using: &random) ?? "u1", payload: payload, ids: ids)
    }

    /// One raw row of `sends`.
    struct Row {
        let kind: Int64
        let key: SQLiteValue
        let batch: Int64
        let user: [UInt8]
        let line: Int64
        let record: Int64

        func precedes(_ other: Row) -> Bool {
            (batch, record) != (other.batch, other.record)
                ? (batch, record) < (other.batch, other.record) : user.lexicographicallyPrecedes(other.user)
        }
    }

    static func rows(_ index: AuditIndex) throws -> [Row] {
        let query = try index.connection.prepare(
            """
            SELECT kind, CASE typeof(key) WHEN 'integer' THEN key END, key, batch, user, line, record FROM sends
            """)
        var rows: [Row] = []
        while try query.step() {
            let key: SQLiteValue = query.isNull(1) ? .blob(query.blob(2)) : .integer(query.integer(1))
            rows.append(
                Row(
                    kind: query.integer(0), key: key, batch: query.integer(3), user: query.blob(4),
                    line: query.integer(5), record: query.integer(6)))
        }
        return rows
    }

    /// The brute force: the least row of `key` under a user other than `user`, among `rows` minus this run's.
    static func earliest(_ rows: [Row], _ key: AuditIndexKey, _ user: [UInt8]?, run: (batch: Int64, start: Int64)?) -> Row? {
        let candidates = rows.filter { row in
            row.kind == key.kind.rawValue && row.key == key.value && row.user != user
                && !(run.map { row.batch == $0.batch && row.record >= $0.start } ?? false)
        }
        return candidates.reduce(nil) { least, row in least.map { row.precedes($0) ? row : $0 } ?? row }
    }

    static func otherUsers(_ rows: [Row], _ key: AuditIndexKey, _ user: [UInt8]?) -> Int {
        Set(rows.filter { $0.kind == key.kind.rawValue && $0.key == key.value && $0.user != user }.map(\.user)).count
    }

    /// A signal as the brute force expects it.
    struct Expected: Equatable, CustomStringConvertible {
        let kind: AuditSignal.Kind
        let detail: String
        let firstSeen: AuditFirstSeen?

        init(_ kind: AuditSignal.Kind, _ detail: String, _ firstSeen: AuditFirstSeen?) {
            self.kind = kind
            self.detail = detail
            self.firstSeen = firstSeen
        }

        init(_ signal: AuditSignal) { self.init(signal.kind, signal.detail, signal.firstSeen) }

        var description: String { "\(kind) \(detail) \(String(describing: firstSeen))" }
    }

    static func labels(_ index: AuditIndex) throws -> [Int64: String] {
        let query = try index.connection.prepare("SELECT seq, label FROM batches")
        var labels: [Int64: String] = [:]
        while try query.step() { labels[query.integer(0)] = query.text(1) }
        return labels
    }

    static func place(_ row: Row, _ labels: [Int64: String]) -> AuditFirstSeen {
        AuditFirstSeen(batch: labels[row.batch] ?? "?", line: Int(row.line), user: String(decoding: row.user, as: UTF8.self))
    }

    /// The signals the index must give `record`, from the rows before it (the old look-ups' definition: the
    /// least place under another user outside this run, the other users of every row).
    static func expected(_ record: AuditRecord, _ rows: [Row], run: (batch: Int64, start: Int64), _ labels: [Int64: String])
        -> [Expected]
    {
        guard let user = record.userID.map({ Array($0.utf8) }) else { return [] }
        var signals: [Expected] = []
        if let hex = record.payloadSHA256, let payload = PayloadKey(hex: hex) {
            let key = AuditIndexKey(payload: payload)
            if let row = earliest(rows, key, user, run: run) {
                let detail = SignalIndex.payloadDetail(hex: hex, otherUsers: otherUsers(rows, key, user))
                signals.append(Expected(.receiptSharedBetweenUsers, detail, place(row, labels)))
            }
        }
        let ids = SignalIndex.transactionIDs(of: record).map { (text: $0.text, key: AuditIndexKey(transaction: $0.text)) }
        var first: Row? = nil
        for id in ids {
            guard let row = earliest(rows, id.key, user, run: run) else { continue }
            if first.map({ ($0.batch, $0.record) > (row.batch, row.record) }) ?? true { first = row }
        }
        if let first {
            let shared = ids.filter { otherUsers(rows, $0.key, user) > 0 }
            let most = shared.map { otherUsers(rows, $0.key, user) }.max() ?? 0
            let detail = SignalIndex.transactionDetail(ids: shared.map(\.text), otherUsers: most)
            signals.append(Expected(.transactionSharedBetweenUsers, detail, place(first, labels)))
        }
        return signals
    }

    static var keys: [AuditIndexKey] {
        payloads.compactMap(PayloadKey.init(hex:)).map(AuditIndexKey.init(payload:))
            + ids.map(AuditIndexKey.init(transaction:))
    }

    /// Every key's kept state against the rows: users, other users and first place under another user, for
    /// every user and none; and a `shared_keys` row exactly for the keys of two users or more.
    static func checkStates(_ index: AuditIndex, _ context: String) throws {
        let rows = try rows(index)
        let statements = try index.observing()
        var shared = 0
        for key in keys {
            let users = otherUsers(rows, key, nil)
            if users > 1 { shared += 1 }
            for user in Self.users.map({ Array($0.utf8) }) + [nil] {
                let state = try index.keyState(statements, key, user)
                #expect(state.users == users, "\(context): users of \(key)")
                #expect(state.otherUsers(than: user) == otherUsers(rows, key, user), "\(context): \(key) \(user ?? [])")
                let want = earliest(rows, key, user, run: nil).map { [$0.batch, $0.record, $0.line] }
                let got = state.firstPlace(notUnder: user)
                #expect(got.map { [$0.batch, $0.record, $0.line] } == want, "\(context): place of \(key) \(user ?? [])")
                #expect(got?.user == earliest(rows, key, user, run: nil)?.user, "\(context): place's user")
            }
        }
        // The table is behind the states the run keeps until they are written back (before every commit).
        guard index.keyStates.isEmpty else { return }
        let kept = try index.connection.integer("SELECT count(*) FROM shared_keys")
        #expect(kept == Int64(shared), "\(context)")
    }

    /// One run of batch `label` over `count` random records: each record's signals against the brute force
    /// from the rows before it, commits at random, and (when `kill`) no finish, so the uncommitted rows go.
    static func run(
        _ path: String, _ label: String, resume: Bool, count: Int, kill: Bool, _ random: inout Generator, _ context: String
    ) throws {
        let index = try AuditIndex(path: path)
        // Half the runs write the kept states back after every record.
        if Bool.random(using: &random) { index.keyStateLimit = 1 }
        try checkStates(index, context + " on open")
        let start = try index.begin(batch: label, resume: resume).records + 1
        let seq = try index.connection.integer("SELECT max(seq) FROM batches WHERE label = '\(label)'")
        for number in start..<(start + count) {
            var record = randomRecord(number, &random)
            let expected = expected(record, try rows(index), run: (seq, Int64(start)), try labels(index))
            index.observe(&record)
            #expect(record.signals.map(Expected.init) == expected, "\(context): record \(number) of \(label)")
            if Int.random(in: 0..<4, using: &random) == 0 { try index.commit(records: number) }
        }
        try checkStates(index, context + " after \(label)")
        if !kill { try index.finish(records: start + count - 1) }
    }

    @Test func answersEqualABruteForceOverRandomPatternsWithKillsResumesAndForget() throws {
        var random = Generator(state: 23)
        for scenario in 0..<80 {
            let folder = try TemporaryDirectory("audit-index-sharing")
            let path = folder.path("index.sqlite")
            var labels: [String] = []
            for step in 0..<Int.random(in: 2...7, using: &random) {
                let context = "scenario \(scenario) step \(step)"
                let action = Int.random(in: 0..<10, using: &random)
                if action < 2, let label = labels.randomElement(using: &random) {
                    let index = try AuditIndex(path: path)
                    _ = try index.forget(batch: label)
                    labels.removeAll { $0 == label }
                    try Self.checkStates(index, context + " after forgetting \(label)")
                    continue
                }
                let resumed = action < 5 ? labels.randomElement(using: &random) : nil
                let label = resumed ?? "batch\(step)"
                if resumed == nil { labels.append(label) }
                try Self.run(
                    path, label, resume: resumed != nil, count: Int.random(in: 1...6, using: &random),
                    kill: Int.random(in: 0..<4, using: &random) == 0, &random, context)
            }
        }
    }

    /// Observes `records` as batch `label` of the index at `path` and finishes it.
    static func observe(_ records: [AuditRecord], batch label: String, index path: String) throws -> [AuditRecord] {
        let index = try AuditIndex(path: path)
        _ = try index.begin(batch: label, resume: false)
        var observed = records
        for position in observed.indices { index.observe(&observed[position]) }
        try index.finish(records: records.count)
        return observed
    }

    /// Everything the index holds, batches by label (a fresh index numbers them otherwise): rows and kept state.
    static func dump(_ path: String) throws -> [String] {
        let index = try AuditIndex(path: path, create: false)
        let queries = [
            """
            SELECT s.kind, quote(s.key), b.label, hex(s.user), s.line, s.record FROM sends AS s
            JOIN batches AS b ON b.seq = s.batch ORDER BY 1, 2, 3, 4
            """,
            """
            SELECT k.kind, quote(k.key), k.users, f.label, k.first_record, k.first_line, hex(k.first_user), n.label,
            k.second_record, k.second_line, hex(k.second_user) FROM shared_keys AS k
            JOIN batches AS f ON f.seq = k.first_batch JOIN batches AS n ON n.seq = k.second_batch ORDER BY 1, 2
            """,
        ]
        var lines: [String] = []
        for (number, sql) in queries.enumerated() {
            let query = try index.connection.prepare(sql)
            let columns: Int32 = number == 0 ? 6 : 11
            while try query.step() { lines.append((0..<columns).map { query.text($0) }.joined(separator: "|")) }
        }
        return lines
    }

    /// `forget` leaves exactly what a fresh index audited without that batch holds, and a later batch gets the
    /// same signals from both.
    @Test func forgetLeavesWhatAFreshIndexWithoutTheBatchHolds() throws {
        var random = Generator(state: 2323)
        for scenario in 0..<15 {
            let batches = (0..<4).map { _ in
                (1...Int.random(in: 1...8, using: &random)).map { Self.randomRecord($0, &random) }
            }
            let probe = (1...6).map { Self.randomRecord($0, &random) }
            let forgotten = Int.random(in: 0..<4, using: &random)
            let folder = try TemporaryDirectory("audit-index-forget")
            let (forgetting, fresh) = (folder.path("forgetting.sqlite"), folder.path("fresh.sqlite"))
            for (number, records) in batches.enumerated() {
                _ = try Self.observe(records, batch: "b\(number)", index: forgetting)
                if number != forgotten { _ = try Self.observe(records, batch: "b\(number)", index: fresh) }
            }
            let rowsBefore = try AuditIndex(path: forgetting).stats().rows
            let removed = try AuditIndex(path: forgetting).forget(batch: "b\(forgotten)")
            #expect(removed == rowsBefore - (try AuditIndex(path: forgetting).stats().rows))
            #expect(try Self.dump(forgetting) == Self.dump(fresh), "scenario \(scenario)")
            let afterForget = try Self.observe(probe, batch: "probe", index: forgetting)
            let afterFresh = try Self.observe(probe, batch: "probe", index: fresh)
            #expect(afterForget.map(\.signals) == afterFresh.map(\.signals), "scenario \(scenario)")
            #expect(try Self.dump(forgetting) == Self.dump(fresh), "scenario \(scenario), after the probe")
        }
    }

    /// Per record, the SQLite work of the index (virtual-machine steps of its statements: counted, not timed) is
    /// the same whether 10 or 1,000 users of an earlier batch sent the record's keys, and whether 10 or 1,000
    /// users of this batch did: nothing reads a key's rows.
    @Test func aRecordsWorkDoesNotGrowWithTheUsersSharingItsKeys() throws {
        func mostSteps(users: Int) throws -> (sameBatch: Int, laterBatch: Int, flagged: Int) {
            let folder = try TemporaryDirectory("audit-index-steps")
            let path = folder.path("index.sqlite")
            var most = (0, 0, 0)
            for (batch, count) in [("monday", users), ("tuesday", 50)] {
                let index = try AuditIndex(path: path)
                _ = try index.begin(batch: batch, resume: false)
                for number in 1...count {
                    var record = Self.record(
                        number, user: "\(batch)-\(number)", payload: Self.payloads[0], ids: ["2000000512345678", "A7"])
                    let before = index.connection.virtualMachineSteps
                    index.observe(&record)
                    let steps = index.connection.virtualMachineSteps - before
                    if batch == "monday" { most.0 = max(most.0, steps) } else { most.1 = max(most.1, steps) }
                    if batch == "tuesday", record.signals.count == 2 { most.2 += 1 }
                }
                try index.finish(records: count)
            }
            return most
        }
        let few = try mostSteps(users: 10)
        let many = try mostSteps(users: 1000)
        // Every Tuesday record is flagged against Monday either way, and the counter counts.
        #expect(few.flagged == 50 && many.flagged == 50)
        #expect(few.sameBatch > 0 && few.laterBatch > 0)
        #expect(many.sameBatch <= few.sameBatch, "steps per record within the batch: \(few.sameBatch), \(many.sameBatch)")
        #expect(many.laterBatch <= few.laterBatch, "steps per record against it: \(few.laterBatch), \(many.laterBatch)")
    }

    /// The rows of one transaction id, 2000000512345678, sent by alice and bob on Monday and alice and carol on
    /// Tuesday, and of "A7", sent by dave alone, as a schema 1 or 2 file stores them (`key`, `user`, `batch`,
    /// `line`, `record`; schema 1 kept only a user's first batch and every id as text).
    static func oldFile(_ path: String, version: Int) throws {
        let old = try SQLiteConnection(path: path, create: true)
        let key = version == 1 ? "CAST('2000000512345678' AS BLOB)" : "2000000512345678"
        let rows =
            version == 1
            ? [("alice", 1, 1, 1), ("bob", 1, 5, 2), ("carol", 2, 4, 2)]
            : [("bob", 1, 5, 2), ("alice", 1, 1, 1), ("alice", 2, 3, 1), ("carol", 2, 4, 2)]
        let inserts = rows.map {
            "INSERT INTO sends (kind, key, user, batch, line, record) VALUES (2, \(key), CAST('\($0.0)' AS BLOB), \($0.1), \($0.2), \($0.3));"
        }
        try old.execute(
            """
            CREATE TABLE batches (seq INTEGER PRIMARY KEY, label TEXT NOT NULL UNIQUE,
                committed INTEGER NOT NULL DEFAULT 0, output_bytes INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE sends (kind INTEGER NOT NULL, key BLOB NOT NULL, \(version == 1 ? "user BLOB NOT NULL, batch INTEGER NOT NULL" : "batch INTEGER NOT NULL, user BLOB NOT NULL"),
                line INTEGER NOT NULL, record INTEGER NOT NULL,
                PRIMARY KEY \(version == 1 ? "(kind, key, user)" : "(kind, key, batch, user)")) WITHOUT ROWID;
            INSERT INTO batches (seq, label, committed) VALUES (1, 'monday', 5), (2, 'tuesday', 2);
            \(inserts.joined(separator: "\n"))
            INSERT INTO sends (kind, key, user, batch, line, record) VALUES (2, CAST('A7' AS BLOB), CAST('dave' AS BLOB), 1, 2, 3);
            PRAGMA user_version = \(version);
            """)
    }

    /// A schema 1 or 2 file is rewritten as schema 3 on open: every row kept, `shared_keys` derived from them,
    /// and a later batch is flagged as it was before.
    @Test(arguments: [1, 2]) func anOldSchemaIsMigratedKeepingEveryRowAndDerivingTheCounts(version: Int) throws {
        let folder = try TemporaryDirectory("audit-index-migrate")
        let path = folder.path("index.sqlite")
        try Self.oldFile(path, version: version)
        let index = try AuditIndex(path: path, create: false)
        #expect(try index.connection.integer("PRAGMA user_version") == 3)
        let monday = (
            alice: AuditFirstSeen(batch: "monday", line: 1, user: "alice"),
            bob: AuditFirstSeen(batch: "monday", line: 5, user: "bob")
        )
        let tuesday = [
            AuditFirstSeen(batch: "tuesday", line: 3, user: "alice"), AuditFirstSeen(batch: "tuesday", line: 4, user: "carol"),
        ]
        #expect(
            try index.show(key: "2000000512345678").map(\.place) == [monday.alice, monday.bob]
                + (version == 1 ? [tuesday[1]] : tuesday))
        #expect(try index.show(key: "A7").map(\.user) == ["dave"])
        let stats = try index.stats()
        #expect(stats.keys == 2 && stats.users == 4 && stats.rows == (version == 1 ? 4 : 5))
        #expect(
            try Self.dump(path).suffix(1) == [
                "2|2000000512345678|3|monday|1|1|\(Self.hex("alice"))|monday|2|5|\(Self.hex("bob"))"
            ])
        let later = try Self.observe(
            [
                Self.record(1, user: "alice", payload: nil, ids: ["2000000512345678"]),
                Self.record(2, user: "erin", payload: nil, ids: ["2000000512345678", "A7"]),
            ], batch: "wednesday", index: path)
        #expect(later.map { $0.signals.map(\.firstSeen) } == [[monday.bob], [monday.alice]])
        #expect(later[0].signals[0].detail.contains("(up to 2 other)"))
        #expect(
            later[1].signals[0].detail.hasPrefix("2 transaction id(s)") && later[1].signals[0].detail.contains("(up to 3 other)"))
    }

    static func hex(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(text.utf8.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    /// Any version other than 1, 2 and 3 is still refused.
    @Test func anotherSchemaIsRefused() throws {
        let folder = try TemporaryDirectory("audit-index-migrate")
        let path = folder.path("index.sqlite")
        for version in [4, 99, -1] {
            try Self.oldFile(path, version: 2)
            try SQLiteConnection(path: path, create: false).execute("PRAGMA user_version = \(version)")
            // Unreadable (exit 66 in the CLI), and the file is left as it was.
            do {
                _ = try AuditIndex(path: path)
                Issue.record("schema \(version) was opened")
            } catch {
                guard case .unreadable = error else { Issue.record("schema \(version): \(error)"); continue }
            }
            #expect(try SQLiteConnection(path: path, create: false).integer("PRAGMA user_version") == Int64(version))
            try SQLiteConnection(path: path, create: false).execute("DROP TABLE sends; DROP TABLE batches")
        }
    }
}
