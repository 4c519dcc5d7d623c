import CSQLite

/// One open SQLite database file: the little of SQLite's C API the audit index needs, with errors that name the
/// file. Used from one thread at a time (the audit's reducing thread), as SQLite's default threading mode allows.
final class SQLiteConnection {
    let path: String
    private(set) var handle: OpaquePointer?

    /// Opens `path`, creating it when `create` is true; fails closed on anything that is not a readable database.
    init(path: String, create: Bool) throws(AuditIndexError) {
        self.path = path
        var handle: OpaquePointer? = nil
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        self.handle = handle
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            self.handle = nil
            throw AuditIndexError.unreadable(path: path, reason: message)
        }
        // A record that waits on another writer waits up to five seconds rather than failing at once.
        sqlite3_busy_timeout(handle, 5000)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs statements that return no rows (schema, pragmas, transaction control).
    func execute(_ sql: String) throws(AuditIndexError) {
        var message: UnsafeMutablePointer<CChar>? = nil
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard status == SQLITE_OK else {
            throw AuditIndexError.failed(path: path, reason: message.map { String(cString: $0) } ?? "error \(status)")
        }
    }

    func prepare(_ sql: String) throws(AuditIndexError) -> SQLiteStatement {
        var statement: OpaquePointer? = nil
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
            let statement
        else { throw failure() }
        return SQLiteStatement(statement, connection: self)
    }

    /// The connection's last error, naming the file.
    func failure() -> AuditIndexError {
        .failed(path: path, reason: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "not open")
    }

    /// One value of a single-row query such as `PRAGMA page_count`.
    func integer(_ sql: String) throws(AuditIndexError) -> Int64 {
        let statement = try prepare(sql)
        guard try statement.step() else { return 0 }
        return statement.integer(0)
    }

    /// The virtual-machine steps every statement still prepared on this connection has run: a count of work
    /// that does not depend on the machine's load, for tests that a record's cost stays bounded.
    var virtualMachineSteps: Int {
        var total = 0
        var statement = sqlite3_next_stmt(handle, nil)
        while let current = statement {
            total += Int(sqlite3_stmt_status(current, SQLITE_STMTSTATUS_VM_STEP, 0))
            statement = sqlite3_next_stmt(handle, current)
        }
        return total
    }
}
