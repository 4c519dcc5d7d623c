extension AuditIndex {
    /// Rewrites a schema 1 or 2 file as schema 3, in one transaction, keeping every row. Schema 1 (one row per
    /// key and user: the first batch a user sent the key in) becomes one row per key, batch and user, each old
    /// row a valid new one; what version 1 never stored (a user's sends of a key in batches after the first)
    /// stays unknown. Schema 2 has those rows in another key order. Then `shared_keys` is derived from them.
    func migrate(from version: Int64) throws(AuditIndexError) {
        try connection.execute("BEGIN IMMEDIATE; ALTER TABLE sends RENAME TO sends_old; " + Self.schema)
        if version == 1 {
            try copyVersion1Rows()
        } else {
            try connection.execute(
                """
                INSERT INTO sends (kind, key, batch, user, line, record)
                SELECT kind, key, batch, user, line, record FROM sends_old
                """)
        }
        try connection.execute("DROP TABLE sends_old")
        try deriveSharedKeys(from: "SELECT kind, key, user FROM sends")
        try connection.execute("PRAGMA user_version=\(Self.schemaVersion); COMMIT")
    }

    /// Schema 1 kept every id as text bytes: a numeric one becomes the integer it is now.
    private func copyVersion1Rows() throws(AuditIndexError) {
        let rows = try connection.prepare("SELECT kind, key, user, batch, line, record FROM sends_old")
        let insert = try connection.prepare(
            "INSERT OR IGNORE INTO sends (kind, key, batch, user, line, record) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        while try rows.step() {
            let kind = rows.integer(0)
            let key: SQLiteValue =
                kind == KeyKind.transaction.rawValue
                ? AuditIndexKey(transaction: String(decoding: rows.blob(1), as: UTF8.self)).value : .blob(rows.blob(1))
            try insert.bind(
                .integer(kind), key, .integer(rows.integer(3)), .blob(rows.blob(2)), .integer(rows.integer(4)),
                .integer(rows.integer(5)))
            _ = try insert.step()
        }
    }

    /// Writes the `shared_keys` rows of the keys in `relation` (a query of `kind, key, user` rows, any of a
    /// key's), from their rows in `sends`: the keys with two or more users, their user count, and their first
    /// two places under distinct users (``AuditKeyState``). The caller has deleted those keys' old rows. Reads
    /// every row of each such key: for a migration and `forget`, not for a record.
    func deriveSharedKeys(from relation: String) throws(AuditIndexError) {
        let least = "FROM sends AS s WHERE s.kind = shared_keys.kind AND s.key = shared_keys.key"
        let order = "ORDER BY s.batch, s.record, s.user LIMIT 1"
        try connection.execute(
            """
            INSERT INTO shared_keys (kind, key, users)
            SELECT kind, key, count(*) FROM (SELECT DISTINCT kind, key, user FROM (\(relation)))
            GROUP BY kind, key HAVING count(*) > 1;
            UPDATE shared_keys SET (first_batch, first_record, first_line, first_user) =
                (SELECT s.batch, s.record, s.line, s.user \(least) \(order))
            WHERE first_user IS NULL;
            UPDATE shared_keys SET (second_batch, second_record, second_line, second_user) =
                (SELECT s.batch, s.record, s.line, s.user \(least) AND s.user <> shared_keys.first_user \(order))
            WHERE second_user IS NULL;
            """)
    }
}
