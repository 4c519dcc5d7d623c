/// The statements every indexed key of a record runs, prepared once per run. None of them sorts or counts
/// through a temporary table (SQLite would open and free one per run of the statement): each reads the primary
/// key (kind, key, batch, user) in its own order, and the common case, a key no other user sent before, costs
/// one look-up and one insert.
struct AuditIndexStatements {
    /// The first batch in [?3, ?4) where another user (?5; NULL: any user) sent the key (?1, ?2), leaving out
    /// this run's rows (batch ?6 from record ?7 on): the first such row in key order, so one look-up when there
    /// is none.
    let firstBatch: SQLiteStatement
    /// Within that batch (?3), the row with the least record among the same rows: where first.
    let firstPlace: SQLiteStatement
    /// How many other users (than ?3; NULL: how many users) sent the key, in any batch, this run's rows included.
    let otherUsers: SQLiteStatement
    /// The key under this user in this batch, unless the user sent it in this batch before.
    let insert: SQLiteStatement
    /// A batch's label by its number.
    let label: SQLiteStatement

    init(_ connection: SQLiteConnection) throws(AuditIndexError) {
        let others = "kind = ?1 AND key = ?2 AND (?5 IS NULL OR user <> ?5) AND (batch <> ?6 OR record < ?7)"
        firstBatch = try connection.prepare(
            "SELECT batch FROM sends WHERE \(others) AND batch >= ?3 AND batch < ?4 ORDER BY batch LIMIT 1")
        firstPlace = try connection.prepare(
            "SELECT line, user, min(record) FROM sends WHERE \(others) AND batch = ?3")
        otherUsers = try connection.prepare(
            "SELECT count(DISTINCT user) FROM sends WHERE kind = ?1 AND key = ?2 AND (?3 IS NULL OR user <> ?3)")
        insert = try connection.prepare(
            "INSERT OR IGNORE INTO sends (kind, key, batch, user, line, record) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        label = try connection.prepare("SELECT label FROM batches WHERE seq = ?1")
    }
}
