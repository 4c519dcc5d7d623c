/// The statements every indexed key of a record runs, prepared once per run. Each is one seek of a primary key
/// (none sorts or counts through a temporary table, none reads more than a row or two), so a record costs the
/// same however many users or batches share its keys: the counts and first places are kept per key in
/// `shared_keys` (``AuditKeyState``) rather than gathered from the key's rows.
struct AuditIndexStatements {
    /// The `shared_keys` row of the key (?1, ?2): its users and first two places under distinct users.
    let sharedKey: SQLiteStatement
    /// The key's first row in `sends` (its least user's earliest batch): a key without a `shared_keys` row has
    /// one user, so that row is its first place.
    let firstRow: SQLiteStatement
    /// Whether user ?3 sent the key in any batch.
    let sentBy: SQLiteStatement
    /// The key under this user in this batch, unless the user sent it in this batch before.
    let insert: SQLiteStatement
    /// Writes a key's `shared_keys` row (run for the keys a chunk changed, before its commit).
    let saveShared: SQLiteStatement
    /// The first place under a user other than ?3 (NULL: any) in a batch after ?4: only a resumed batch with
    /// later batches asks (it reads the key's rows there, sorted).
    let laterPlace: SQLiteStatement
    /// A batch's label by its number.
    let label: SQLiteStatement

    init(_ connection: SQLiteConnection) throws(AuditIndexError) {
        let place = "first_batch, first_record, first_line, first_user, second_batch, second_record, second_line, second_user"
        sharedKey = try connection.prepare("SELECT users, \(place) FROM shared_keys WHERE kind = ?1 AND key = ?2")
        firstRow = try connection.prepare("SELECT batch, record, line, user FROM sends WHERE kind = ?1 AND key = ?2 LIMIT 1")
        sentBy = try connection.prepare("SELECT 1 FROM sends WHERE kind = ?1 AND key = ?2 AND user = ?3 LIMIT 1")
        insert = try connection.prepare(
            "INSERT OR IGNORE INTO sends (kind, key, batch, user, line, record) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        saveShared = try connection.prepare(
            "INSERT OR REPLACE INTO shared_keys (kind, key, users, \(place)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"
        )
        laterPlace = try connection.prepare(
            """
            SELECT batch, record, line, user FROM sends WHERE kind = ?1 AND key = ?2 AND (?3 IS NULL OR user <> ?3)
            AND batch > ?4 ORDER BY batch, record, user LIMIT 1
            """)
        label = try connection.prepare("SELECT label FROM batches WHERE seq = ?1")
    }
}

extension SQLiteStatement {
    /// The place in columns `column`... (batch, record, line, user), nil when the batch is NULL.
    func place(at column: Int32) -> AuditKeyState.Place? {
        guard !isNull(column) else { return nil }
        return AuditKeyState.Place(
            batch: integer(column), record: integer(column + 1), line: integer(column + 2), user: blob(column + 3))
    }
}

extension AuditKeyState.Place {
    /// The place as bound to four parameters (NULLs for none).
    static func values(_ place: AuditKeyState.Place?) -> [SQLiteValue] {
        guard let place else { return [.null, .null, .null, .null] }
        return [.integer(place.batch), .integer(place.record), .integer(place.line), .blob(place.user)]
    }
}
