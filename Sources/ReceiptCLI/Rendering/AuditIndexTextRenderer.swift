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
            "rows: \(stats.rows) (one per key and user)",
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
        let users = Set(entries.map { ExactString($0.user) }).count  // users are told apart by their bytes
        var lines = ["\(key.escapingControlCharacters): \(users) user(s)"]
        for entry in entries {
            lines.append(
                "  \(entry.keyKind) user \(entry.user.escapingControlCharacters) first seen in batch "
                    + "\(entry.place.batch.escapingControlCharacters) line \(entry.place.line)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func forgot(_ rows: Int, batch: String) -> String {
        "forgot batch \(batch.escapingControlCharacters): \(rows) rows removed\n"
    }
}
