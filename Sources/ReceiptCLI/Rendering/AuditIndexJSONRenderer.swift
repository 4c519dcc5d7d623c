import ReceiptAudit
import ReceiptKit

/// What `appreceipt index stats|show --format json` prints: one pretty JSON document with its keys sorted, so that
/// the same index gives the same bytes (docs/output.md). Labels, users and ids are strings as stored; JSON
/// escapes their control characters.
enum AuditIndexJSONRenderer {
    static let formatVersion = 1

    /// `{batches: [{committed_records, label, rows}], file_bytes, format_version, index, keys, rows, users}`.
    static func stats(_ stats: AuditIndexStats, path: String) -> String {
        var output = JSONOutput(pretty: true)
        output.beginObject()
        output.key("batches")
        output.beginArray()
        for batch in stats.batches {
            output.beginObject()
            output.member("committed_records", integer: batch.committedRecords)
            output.member("label", batch.label)
            output.member("rows", integer: batch.rows)
            output.endObject()
        }
        output.endArray()
        output.member("file_bytes", integer: stats.fileBytes)
        output.member("format_version", integer: formatVersion)
        output.member("index", path)
        output.member("keys", integer: stats.keys)
        output.member("rows", integer: stats.rows)
        output.member("users", integer: stats.users)
        output.endObject()
        return finished(output)
    }

    /// `{entries: [{batch, key_kind, line, user}], format_version, key, user_count}`; `user_count` counts user
    /// ids by their bytes, as the index tells them apart.
    static func show(_ entries: [AuditIndexEntry], key: String) -> String {
        var output = JSONOutput(pretty: true)
        output.beginObject()
        output.key("entries")
        output.beginArray()
        for entry in entries {
            output.beginObject()
            output.member("batch", entry.place.batch)
            output.member("key_kind", entry.keyKind)
            output.member("line", integer: entry.place.line)
            output.member("user", entry.user)
            output.endObject()
        }
        output.endArray()
        output.member("format_version", integer: formatVersion)
        output.member("key", key)
        output.member("user_count", integer: AuditIndexTextRenderer.userCount(entries))
        output.endObject()
        return finished(output)
    }

    private static func finished(_ output: JSONOutput) -> String {
        var output = output
        output.appendRaw(0x0A)
        return String(decoding: output.bytes, as: UTF8.self)
    }
}
