import ReceiptKit

/// Where a key was first sent under another user in an earlier batch: the `first_seen` of a cross-record signal
/// raised against the index (`audit --index`), the shape the Spark job writes too.
public struct AuditFirstSeen: Sendable, Equatable {
    /// The batch label (`--batch`).
    public let batch: String
    /// The record's line in that batch's input (its record number when the input was not a records file).
    public let line: Int
    /// The user id the key was first sent under.
    public let user: String

    package init(batch: String, line: Int, user: String) {
        self.batch = batch
        self.line = line
        self.user = user
    }
}

extension AuditFirstSeen {
    /// `{batch, line, user}`, as a record's signal and a summary group write it.
    func write(to output: inout JSONOutput) {
        output.beginObject(keysInOrder: true)
        output.key("batch")
        output.string(batch)
        output.key("line")
        output.integer(line)
        output.key("user")
        output.string(user)
        output.endObject()
    }
}
