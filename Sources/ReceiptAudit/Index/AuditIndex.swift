import ReceiptKit

/// The sharing-signal index kept across batches in an SQLite file (`audit --index FILE`, docs/audit-index.md).
///
/// Keyed as ``SignalIndex`` is keyed (payload hashes, transaction and original transaction ids; the same records,
/// Xcode receipts and family-shared purchases left out), it holds one row per key, batch and user: where that
/// user sent the key first in that batch (line, record); and for each key two or more users sent, their count
/// and the first two places under distinct users (``AuditKeyState``), kept on every insert and `forget`, so that
/// a record costs a few primary-key seeks however many users share its keys. Nothing of it is loaded into
/// memory: each record asks SQLite about its own keys, so a run's memory does not grow with the index. Rows are written
/// inside a transaction that ``commit(records:outputBytes:)`` closes together with the batch's committed record count,
/// so that a run killed at any moment leaves the index exactly as of its last commit. One thread uses an index at a
/// time (the audit's reducing thread).
public final class AuditIndex: @unchecked Sendable {
    /// `sends.kind`: what a key is.
    enum KeyKind: Int64 {
        /// The first 16 bytes of `payload_sha256`, as the in-memory index keys payloads.
        case payload = 1
        /// A transaction id or original transaction id: an integer when it is a number, else its UTF-8 bytes.
        case transaction = 2
    }

    /// The schema (docs/audit-index.md shows it too); `PRAGMA user_version` says which one a file holds. Version
    /// 1 kept one row per key and user (the first batch only), version 2 one per key, batch and user without the
    /// per-key table; both are migrated on open (``migrate(from:)``).
    static let schemaVersion: Int64 = 3
    static let schema = """
        CREATE TABLE IF NOT EXISTS batches (
            seq INTEGER PRIMARY KEY,
            label TEXT NOT NULL UNIQUE,
            committed INTEGER NOT NULL DEFAULT 0,
            output_bytes INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE IF NOT EXISTS sends (
            kind INTEGER NOT NULL,
            key BLOB NOT NULL,
            batch INTEGER NOT NULL,
            user BLOB NOT NULL,
            line INTEGER NOT NULL,
            record INTEGER NOT NULL,
            PRIMARY KEY (kind, key, user, batch)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS shared_keys (
            kind INTEGER NOT NULL,
            key BLOB NOT NULL,
            users INTEGER NOT NULL,
            first_batch INTEGER,
            first_record INTEGER,
            first_line INTEGER,
            first_user BLOB,
            second_batch INTEGER,
            second_record INTEGER,
            second_line INTEGER,
            second_user BLOB,
            PRIMARY KEY (kind, key)
        ) WITHOUT ROWID;
        """

    let connection: SQLiteConnection
    /// The batch being written, once ``begin(batch:resume:)`` has run.
    private(set) var batch: (seq: Int64, label: String)?
    /// The first record number this process observed: the batch's rows below it come from an earlier run of the
    /// same batch (a resumed one), which this run's in-memory index has not seen.
    var runStart: Int?
    /// The first failure while observing (``observe(_:)`` cannot throw); ``commit(records:outputBytes:)`` throws it.
    var failure: AuditIndexError?
    /// Whether it can hold rows of other runs at or after this batch: this batch's from an earlier run of it
    /// (a resumed batch), or those of batches begun after it.
    private(set) var hasOtherRuns = false
    /// Whether batches begun after this one exist (a resumed batch that is not the last).
    private(set) var hasLaterBatches = false
    /// A key of this run that another user sent outside it (an earlier batch, an earlier run of this one): a
    /// summary group of its own, with the index's users (``groups(merging:)``).
    struct HeldKey {
        let kind: AuditSignal.Kind
        let label: String
    }

    /// The keys of this run the index held under another user: as many as this run's keys at most.
    var heldEarlier: [AuditIndexKey: HeldKey] = [:]
    /// A shared key's kept state as this run last left it, ahead of `shared_keys`: a key many users send is
    /// read and written once per chunk, not once per row. ``writeKeyStates()`` writes the changed ones back
    /// before every commit and whenever ``keyStateLimit`` keys are held, so memory stays bounded.
    struct KeptState {
        let state: AuditKeyState
        /// Changed since read: its `shared_keys` row must be written.
        let dirty: Bool
    }

    var keyStates: [AuditIndexKey: KeptState] = [:]
    /// How many keys ``keyStates`` holds at most (tests make it small, to write back all the time).
    var keyStateLimit = 16_384
    /// Batch labels by number, as signals against them need them (batches are few).
    var labels: [Int64: String] = [:]
    private var inTransaction = false
    private var statements: AuditIndexStatements?

    /// The file the index lives in.
    public var path: String { connection.path }

    /// Opens the index at `path`, creating an empty one when `create` is true and there is no file.
    ///
    /// - Parameters:
    ///   - path: The SQLite file.
    ///   - create: Whether a missing file is created (`audit`) or refused (`index stats|show|forget`).
    /// - Throws: ``AuditIndexError/unreadable(path:reason:)`` when the file is missing (with `create` false), is
    ///   not an SQLite database, or holds another schema.
    public init(path: String, create: Bool = true) throws(AuditIndexError) {
        connection = try SQLiteConnection(path: path, create: create)
        do throws(AuditIndexError) {
            let version = try connection.integer("PRAGMA user_version")
            let tables = try connection.integer("SELECT count(*) FROM sqlite_master")
            guard (1...Self.schemaVersion).contains(version) || (version == 0 && tables == 0) else {
                throw AuditIndexError.unreadable(path: path, reason: "not an appreceipt index (schema \(version))")
            }
            try connection.execute("PRAGMA journal_mode=WAL")
            // A commit is durable once it returns: the output it stands for was synced just before.
            try connection.execute("PRAGMA synchronous=FULL")
            if version == 1 || version == 2 { try migrate(from: version) }
            try connection.execute(Self.schema + "PRAGMA user_version=\(Self.schemaVersion);")
        } catch .failed(_, let reason) {
            throw AuditIndexError.unreadable(path: path, reason: reason)
        }
    }

    /// What a batch had committed when a run began: its records, and the bytes of output they made.
    public struct Committed: Sendable, Equatable {
        /// The records committed: a resumed run skips this many input records.
        public let records: Int
        /// The bytes of output those records made: a resumed run truncates its output file to this size.
        public let outputBytes: Int

        package init(records: Int, outputBytes: Int) {
            self.records = records
            self.outputBytes = outputBytes
        }
    }

    /// Starts (or, with `resume`, goes on with) the batch `label`, and returns what of it was committed before:
    /// nothing for a new batch.
    ///
    /// - Parameters:
    ///   - label: The batch's label (`--batch`).
    ///   - resume: Whether a label already in the index is gone on with (`--resume`) rather than refused.
    /// - Returns: What the batch had committed before this run.
    /// - Throws: ``AuditIndexError/batchExists(label:committed:)`` when the label is in the index and `resume`
    ///   is false; ``AuditIndexError/failed(path:reason:)`` when the index cannot be written.
    public func begin(batch label: String, resume: Bool) throws(AuditIndexError) -> Committed {
        let find = try connection.prepare("SELECT seq, committed, output_bytes FROM batches WHERE label = ?1")
        try find.bind(.text(label))
        let committed: Committed
        if try find.step() {
            committed = Committed(records: Int(find.integer(1)), outputBytes: Int(find.integer(2)))
            guard resume else { throw AuditIndexError.batchExists(label: label, committed: committed.records) }
            batch = (find.integer(0), label)
        } else {
            let insert = try connection.prepare("INSERT INTO batches (label, committed) VALUES (?1, 0)")
            try insert.bind(.text(label))
            _ = try insert.step()
            batch = (try connection.integer("SELECT last_insert_rowid()"), label)
            committed = Committed(records: 0, outputBytes: 0)
        }
        let seq = batch?.seq ?? 0
        keyStates = [:]
        let laterBatches = try connection.integer("SELECT count(*) FROM batches WHERE seq > \(seq)")
        hasLaterBatches = laterBatches > 0
        hasOtherRuns = committed.records > 0 || hasLaterBatches
        try connection.execute("BEGIN IMMEDIATE")
        inTransaction = true
        return committed
    }

    /// Commits the rows written since the last commit together with the batch's committed record count (and the
    /// size of the output they made, for a resumed run to truncate to), and opens the next transaction. Call it
    /// after the output of those `records` is flushed and synced.
    ///
    /// - Parameters:
    ///   - records: The batch's records written and synced so far, this run's and any earlier run's.
    ///   - outputBytes: The size of the output file holding them (0 when the output is not a file).
    /// - Throws: the first failure of ``observe(_:)`` since the last commit, or the commit's own.
    public func commit(records: Int, outputBytes: Int = 0) throws(AuditIndexError) {
        try finish(records: records, outputBytes: outputBytes)
        try connection.execute("BEGIN IMMEDIATE")
        inTransaction = true
    }

    /// Commits like ``commit(records:outputBytes:)`` and opens no new transaction: the end of a run.
    ///
    /// - Parameters:
    ///   - records: The batch's records written and synced, this run's and any earlier run's.
    ///   - outputBytes: The size of the output file holding them (0 when the output is not a file).
    /// - Throws: the first failure of ``observe(_:)`` since the last commit, or the commit's own.
    public func finish(records: Int, outputBytes: Int = 0) throws(AuditIndexError) {
        if let failure { throw failure }
        guard let batch, inTransaction else { return }
        try writeKeyStates()
        let update = try connection.prepare("UPDATE batches SET committed = ?1, output_bytes = ?2 WHERE seq = ?3")
        try update.bind(.integer(Int64(records)), .integer(Int64(outputBytes)), .integer(batch.seq))
        _ = try update.step()
        try connection.execute("COMMIT")
        inTransaction = false
    }

    /// The prepared statements of ``observe(_:)``, made on first use.
    func observing() throws(AuditIndexError) -> AuditIndexStatements {
        if let statements { return statements }
        let made = try AuditIndexStatements(connection)
        statements = made
        return made
    }
}
