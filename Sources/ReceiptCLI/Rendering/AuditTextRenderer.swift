import ReceiptAudit
import ReceiptKit

/// The short renderings of audit results: one line per record (`audit --format text`) and the summary
/// (`summarize --format text`, and the few lines `audit` prints on standard error at the end).
enum AuditTextRenderer {
    /// `12 records.jsonl:12 invalid app_receipt com.example.app Sandbox user=u-17 1 transaction failed=chain.anchor ...`
    static func line(_ record: AuditRecord) -> String {
        var parts = ["\(record.number)", record.source, record.verdict.rawValue]
        if let kind = record.kind { parts.append(kind.name) }
        if let bundle = record.bundleID { parts.append(bundle) }
        if let environment = record.environment { parts.append(environment.rawValue) }
        if let user = record.userID { parts.append("user=\(user)") }
        if record.kind != nil {
            parts.append("\(record.transactions.count) transaction\(record.transactions.count == 1 ? "" : "s")")
        }
        if !record.failedChecks.isEmpty { parts.append("failed=" + record.failedChecks.map(\.rawValue).joined(separator: ",")) }
        for signal in record.signals {
            let related =
                signal.records == [record.number] ? "" : "(records \(signal.records.map(String.init).joined(separator: ",")))"
            parts.append("signal=\(signal.kind.rawValue)\(related)")
        }
        if let error = record.error { parts.append("error: \(error.message)") }
        return parts.joined(separator: " ").escapingControlCharacters + "\n"
    }

    /// The summary in a few lines.
    static func summary(_ summary: AuditSummary) -> String {
        var lines = ["records        \(summary.records) (\(summary.problemRecords) with problems)"]
        lines.append("verdicts       " + counts(summary.verdicts))
        if !summary.kinds.isEmpty { lines.append("kinds          " + counts(summary.kinds)) }
        if !summary.environments.isEmpty {
            lines.append("environments   " + counts(summary.environments.map { ($0.key.text, $0.value) }))
        }
        if !summary.failedChecks.isEmpty { lines.append("failed checks  " + counts(summary.failedChecks)) }
        lines.append("signals        " + (summary.signals.isEmpty ? "none" : counts(summary.signals)))
        if summary.warningCount > 0 {
            lines.append("warnings       \(summary.warningCount) (the input is not the whole truth; see the JSON summary)")
        }
        let groups = summary.groups
        if !groups.isEmpty {
            lines.append("signal groups  \(groups.count)")
            for group in groups.prefix(10) {
                let users = group.userCount.map { ", \($0) users" } ?? ""
                lines.append("  \(group.kind.rawValue) \(group.key): \(group.recordCount) records\(users)")
            }
            if groups.count > 10 { lines.append("  ... (\(groups.count - 10) more in the JSON summary)") }
        }
        return lines.renderedLines
    }

    /// `12 valid, 3 malformed`, largest count first.
    static func counts(_ table: [String: Int]) -> String { counts(table.map { ($0.key, $0.value) }) }

    /// `counts` of a table whose names may differ only in their bytes (the ties sort by bytes).
    static func counts(_ table: [(key: String, value: Int)]) -> String {
        table.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    }
}
