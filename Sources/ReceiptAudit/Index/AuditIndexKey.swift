/// A key as the index stores it: its kind, and its value as bound to `sends.key`. A transaction id that is a
/// number (``SignalIndex/canonicalNumber(_:)``: digits, no leading zero, at most `Int64.max`) is an integer,
/// which takes half the bytes of its text and reads as itself in `sqlite3`; any other id is its UTF-8 bytes, so
/// that "0123" and "123" stay two ids (an integer never equals a blob); a payload is its 16 bytes.
struct AuditIndexKey: Hashable {
    let kind: AuditIndex.KeyKind
    let value: SQLiteValue

    init(payload: PayloadKey) {
        kind = .payload
        value = .blob(payload.bytes)
    }

    init(transaction id: String) {
        kind = .transaction
        if let number = SignalIndex.canonicalNumber(id), let small = Int64(exactly: number) {
            value = .integer(small)
        } else {
            value = .blob(Array(id.utf8))
        }
    }

    /// What `index show` and the summary call the kind.
    var name: String { kind == .payload ? "payload_sha256" : "transaction_id" }
}
