import ReceiptAudit
import ReceiptKit

/// What `appreceipt index stats|show|forget` prints: plain lines, every label and id with its control
/// characters escaped (they came from audited input).
enum AuditIndexTextRenderer {
    static func stats(_ stats: AuditIndexStats, path: String) -> String {
        var lines = [
            "index: \(path.escapingControlCharacters)",
            "file: \(stats.fileBytes) bytes",
            "keys: \(stats.keys)",
            "users: \(stats.users)",
            "rows: \(stats.rows) (one per key, batch and user)",
            "batches: \(stats.batches.count)",
        ]
        for batch in stats.batches {
            lines.append(
                "  \(batch.label.escapingControlCharacters): \(batch.committedRecords) records committed, \(batch.rows) rows")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func show(_ entries: [AuditIndexEntry], key: String) -> String {
        guard !entries.isEmpty else { return "\(key.escapingControlCharacters): not in the index\n" }
        var lines = ["\(key.escapingControlCharacters): \(userCount(entries)) user(s)"]
        for entry in entries {
            lines.append(
                "  \(entry.keyKind) user \(entry.user.escapingControlCharacters) first seen in batch "
                    + "\(entry.place.batch.escapingControlCharacters) line \(entry.place.line)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Distinct users among `entries`, told apart by their bytes (NFC and NFD spellings are two users), as the
    /// index stores them; a user shows once per batch it sent the key in.
    static func userCount(_ entries: [AuditIndexEntry]) -> Int { Set(entries.map { ExactString($0.user) }).count }

    static func forgot(_ rows: Int, batch: String) -> String {
        "forgot batch \(batch.escapingControlCharacters): \(rows) rows removed\n"
    }
}
