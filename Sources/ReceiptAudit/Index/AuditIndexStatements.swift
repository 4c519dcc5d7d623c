/// The three statements every indexed key of a record runs.
struct AuditIndexStatements {
    /// Where another user sent the key first, leaving out the rows this run wrote (?4 batch, ?5 run start).
    let earliest: SQLiteStatement
    /// How many other users sent the key, this run's rows included.
    let otherUsers: SQLiteStatement
    /// The key under this user, unless the user sent it before.
    let insert: SQLiteStatement

    init(_ connection: SQLiteConnection) throws(AuditIndexError) {
        earliest = try connection.prepare(
            """
            SELECT s.batch, s.line, s.user, b.label FROM sends AS s JOIN batches AS b ON b.seq = s.batch
            WHERE s.kind = ?1 AND s.key = ?2 AND s.user <> ?3 AND (s.batch <> ?4 OR s.record < ?5)
            ORDER BY s.batch, s.line, s.user LIMIT 1
            """)
        otherUsers = try connection.prepare("SELECT count(*) FROM sends WHERE kind = ?1 AND key = ?2 AND user <> ?3")
        insert = try connection.prepare(
            "INSERT OR IGNORE INTO sends (kind, key, user, batch, line, record) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
    }
}
