/// Where a key was first sent under another user in an earlier batch: the `first_seen` of a cross-record signal
/// raised against the index (`audit --index`), the shape the Spark job writes too.
public struct AuditFirstSeen: Sendable, Equatable {
    /// The batch label (`--batch`).
    public let batch: String
    /// The record's line in that batch's input (its record number when the input was not a records file).
    public let line: Int
    /// The user id the key was first sent under.
    public let user: String

    public init(batch: String, line: Int, user: String) {
        self.batch = batch
        self.line = line
        self.user = user
    }
}
