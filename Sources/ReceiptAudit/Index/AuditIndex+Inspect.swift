import ReceiptKit

/// What `appreceipt index stats` reports.
public struct AuditIndexStats: Sendable, Equatable {
    /// One batch: its label, its committed records and the rows (key, user) it added.
    public struct Batch: Sendable, Equatable {
        /// The batch's label (`--batch`).
        public let label: String
        /// The records its runs committed.
        public let committedRecords: Int
        /// The rows (key, user) it added.
        public let rows: Int

        package init(label: String, committedRecords: Int, rows: Int) {
            self.label = label
            self.committedRecords = committedRecords
            self.rows = rows
        }
    }

    /// Distinct keys (payload hashes and transaction ids).
    public let keys: Int
    /// Distinct user ids.
    public let users: Int
    /// Rows: one per key, batch and user.
    public let rows: Int
    /// In the order they were started.
    public let batches: [Batch]
    /// The database file's size in bytes (pages in use times page size; the `-wal` file aside).
    public let fileBytes: Int
}

/// One row of `appreceipt index show KEY`: a user that sent the key, and where first in one batch.
public struct AuditIndexEntry: Sendable, Equatable {
    /// `payload_sha256` or `transaction_id`.
    public let keyKind: String
    /// The user id, as sent.
    public let user: String
    /// The batch and line where that user first sent the key in that batch.
    public let place: AuditFirstSeen
}

extension AuditIndex {
    /// Counts of keys, users, rows and batches. Reads every row: for a reviewer, not for a run.
    ///
    /// - Returns: The counts, and each batch in the order it was started.
    /// - Throws: ``AuditIndexError/failed(path:reason:)`` when the file cannot be read.
    public func stats() throws(AuditIndexError) -> AuditIndexStats {
        let keys = try connection.integer("SELECT count(*) FROM (SELECT DISTINCT kind, key FROM sends)")
        let users = try connection.integer("SELECT count(DISTINCT user) FROM sends")
        let query = try connection.prepare(
            """
            SELECT b.label, b.committed, coalesce(r.rows, 0) FROM batches AS b
            LEFT JOIN (SELECT batch, count(*) AS rows FROM sends GROUP BY batch) AS r ON r.batch = b.seq
            ORDER BY b.seq
            """)
        var batches: [AuditIndexStats.Batch] = []
        while try query.step() {
            batches.append(
                AuditIndexStats.Batch(
                    label: query.text(0), committedRecords: Int(query.integer(1)), rows: Int(query.integer(2))))
        }
        let pages = try connection.integer("PRAGMA page_count")
        let pageSize = try connection.integer("PRAGMA page_size")
        return AuditIndexStats(
            keys: Int(keys), users: Int(users), rows: batches.reduce(0) { $0 + $1.rows }, batches: batches,
            fileBytes: Int(pages * pageSize))
    }

    /// Every user that sent `key` (a transaction id, or a 64-digit payload hash) and where first in each batch,
    /// earliest first.
    ///
    /// - Parameter key: The transaction id or original transaction id, or the payload hash in hex.
    /// - Returns: One entry per user and batch, earliest first; empty when the index does not hold the key.
    /// - Throws: ``AuditIndexError/failed(path:reason:)`` when the file cannot be read.
    public func show(key: String) throws(AuditIndexError) -> [AuditIndexEntry] {
        var lookups = [AuditIndexKey(transaction: key)]
        if let payload = PayloadKey(hex: key) { lookups.insert(AuditIndexKey(payload: payload), at: 0) }
        let query = try connection.prepare(
            """
            SELECT s.user, b.label, s.line FROM sends AS s JOIN batches AS b ON b.seq = s.batch
            WHERE s.kind = ?1 AND s.key = ?2 ORDER BY s.batch, s.record, s.user
            """)
        var entries: [AuditIndexEntry] = []
        for lookup in lookups {
            try query.bind(.integer(lookup.kind.rawValue), lookup.value)
            while try query.step() {
                let user = String(decoding: query.blob(0), as: UTF8.self)
                let place = AuditFirstSeen(batch: query.text(1), line: Int(query.integer(2)), user: user)
                entries.append(AuditIndexEntry(keyKind: lookup.name, user: user, place: place))
            }
        }
        return entries
    }

    /// Removes one batch and the rows it added (a test batch, one audited by mistake), and returns how many rows
    /// went. A user that sent a key in that batch and again in another keeps the other batch's row, with its
    /// place: the index is then as if the batch had never been audited, its `shared_keys` too (the keys the
    /// batch sent are derived again from the rows left, which reads those keys' rows).
    ///
    /// - Parameter label: The batch's label.
    /// - Returns: The rows removed.
    /// - Throws: ``AuditIndexError/unknownBatch(label:)`` when the index holds no such batch.
    public func forget(batch label: String) throws(AuditIndexError) -> Int {
        let find = try connection.prepare("SELECT seq FROM batches WHERE label = ?1")
        try find.bind(.text(label))
        guard try find.step() else { throw AuditIndexError.unknownBatch(label: label) }
        let seq = find.integer(0)
        keyStates = [:]
        try connection.execute("BEGIN IMMEDIATE")
        // The shared keys this batch sent: their counts and first places are derived again without it.
        let touched = "temp.forgotten_keys"
        try connection.execute(
            """
            CREATE TEMP TABLE IF NOT EXISTS forgotten_keys (kind INTEGER, key BLOB, PRIMARY KEY (kind, key))
            WITHOUT ROWID; DELETE FROM \(touched);
            INSERT OR IGNORE INTO \(touched) SELECT s.kind, s.key FROM sends AS s
            JOIN shared_keys AS k ON k.kind = s.kind AND k.key = s.key WHERE s.batch = \(seq);
            DELETE FROM shared_keys WHERE (kind, key) IN (SELECT kind, key FROM \(touched));
            """)
        let rows = try connection.prepare("DELETE FROM sends WHERE batch = ?1")
        try rows.bind(.integer(seq))
        _ = try rows.step()
        let removed = rows.changes
        try deriveSharedKeys(
            from: "SELECT s.kind, s.key, s.user FROM \(touched) AS t JOIN sends AS s ON s.kind = t.kind AND s.key = t.key")
        try connection.execute("DELETE FROM \(touched)")
        let batch = try connection.prepare("DELETE FROM batches WHERE seq = ?1")
        try batch.bind(.integer(seq))
        _ = try batch.step()
        try connection.execute("COMMIT")
        return removed
    }
}
