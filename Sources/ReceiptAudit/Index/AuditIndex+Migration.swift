extension AuditIndex {
    /// Rewrites a schema 1 file (one row per key and user: the first batch a user sent the key in) as schema 2
    /// (one row per key, batch and user), in one transaction, streaming its rows. Each old row is a valid new
    /// one; what version 1 never stored (a user's sends of a key in batches after the first) stays unknown.
    func migrateFromVersion1() throws(AuditIndexError) {
        try connection.execute(
            "BEGIN IMMEDIATE; ALTER TABLE sends RENAME TO sends_v1; " + Self.schema)
        let rows = try connection.prepare("SELECT kind, key, user, batch, line, record FROM sends_v1")
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
        try connection.execute("DROP TABLE sends_v1; PRAGMA user_version=\(Self.schemaVersion); COMMIT")
    }
}
