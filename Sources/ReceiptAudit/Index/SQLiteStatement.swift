import CSQLite

/// A prepared statement, kept for the whole run so that each record costs binds and steps, not parsing.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private unowned let connection: SQLiteConnection

    init(_ statement: OpaquePointer, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(statement) }

    /// Ends the previous run and binds `values` to ?1, ?2, ... (every call binds every parameter the statement
    /// has, so nothing of the previous run's values is left over).
    func bind(_ values: SQLiteValue...) throws(AuditIndexError) { try bind(values) }

    /// The same with the values in an array.
    func bind(_ values: [SQLiteValue]) throws(AuditIndexError) {
        sqlite3_reset(statement)
        for (offset, value) in values.enumerated() {
            let position = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(statement, position)
            case .integer(let number): status = sqlite3_bind_int64(statement, position, number)
            case .text(let text): status = sqlite3_bind_text(statement, position, text, -1, CSQLite_transient())
            case .blob(let bytes):
                status = bytes.withUnsafeBytes { buffer in
                    // A zero-length blob still needs a non-null pointer, or SQLite binds NULL.
                    sqlite3_bind_blob(
                        statement, position, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(buffer.count),
                        CSQLite_transient())
                }
            }
            guard status == SQLITE_OK else { throw connection.failure() }
        }
    }

    /// Advances to the next row: true with a row, false when the statement is done.
    func step() throws(AuditIndexError) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.failure()
        }
    }

    /// Rows changed by the last run of a write statement.
    var changes: Int { Int(sqlite3_changes(sqlite3_db_handle(statement))) }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    /// True when the column holds NULL (an aggregate over no rows).
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func text(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}

/// A value bound to a statement's parameter. Ids and user ids are blobs, so that they compare as bytes.
enum SQLiteValue: Hashable {
    /// A parameter a statement does not use this time (numbered parameters cannot be skipped).
    case null
    case integer(Int64)
    case text(String)
    case blob([UInt8])
}
