import ReceiptKit

/// The human rendering of a compare document: one line per differing field (`path  local  Apple`, values
/// shortened), one summary line per transaction that only one side has, then what only Apple knows.
enum CompareTextRenderer {
    /// Values longer than this are shortened in the middle; the JSON document has them whole.
    static let valueWidth = 44
    /// Paths longer than this do not widen the path column any further.
    static let pathWidth = 56

    static func render(_ document: ComparisonDocument) -> String {
        let response = document.response
        let differences = document.comparison?.differences ?? []
        let transactions = differences.filter(isTransaction)
        let fields = differences.filter { !isTransaction($0) }
        var lines = [
            "verdict (local)    \(document.local.verification.verdict.rawValue)",
            "status (Apple)     \(response.status): \(response.statusMeaning)",
            "environment        \(response.environment ?? "-")",
            "agreement          \(agreement(document, fields: fields.count, transactions: transactions))",
        ]
        lines += fieldLines(fields)
        lines += transactionLines(transactions.filter { $0.kind == .localOnly }, title: "only in the receipt")
        lines += transactionLines(transactions.filter { $0.kind == .remoteOnly }, title: "only in Apple's receipt object")
        let knowledge = document.comparison?.remoteKnowledge ?? []
        if !knowledge.isEmpty { lines.append("only Apple knows") }
        lines += knowledge.map { "  \($0.path): \($0.note)" }
        lines += document.notes.map { "note: \($0)" }
        if let subscriptions = document.subscriptions {
            lines.append("subscriptions")
            lines += SubscriptionsTextRenderer.lines(subscriptions).map { "  " + $0 }
        }
        return lines.renderedLines
    }

    /// A whole in-app entry that one side lacks (its value is the entry's object), as opposed to a field.
    static func isTransaction(_ difference: ReceiptComparison.Difference) -> Bool {
        if case .object = difference.local ?? difference.remote { return true }
        return false
    }

    static func agreement(_ document: ComparisonDocument, fields: Int, transactions: [ReceiptComparison.Difference]) -> String {
        guard !document.agrees else { return "no disagreement" }
        guard document.comparison != nil else { return "DISAGREE (nothing to compare)" }
        let local = transactions.filter { $0.kind == .localOnly }.count
        return "DISAGREE: \(fields) field(s) differ, \(local) transaction(s) only in the receipt, "
            + "\(transactions.count - local) only at Apple"
    }

    /// `path  local  Apple`, in columns; `-` where a side has no value.
    static func fieldLines(_ fields: [ReceiptComparison.Difference]) -> [String] {
        guard !fields.isEmpty else { return [] }
        let pathColumn = min(max(4, fields.map(\.path.count).max() ?? 0), pathWidth)
        let localValues = fields.map { shortened($0.local) }
        let localColumn = max(5, localValues.map(\.count).max() ?? 0)
        var lines = [
            "differences (\(fields.count))", "  " + "path".padding(pathColumn) + "  " + "local".padding(localColumn) + "  Apple",
        ]
        for (field, local) in zip(fields, localValues) {
            lines.append(
                "  " + field.path.shortened(to: pathColumn).padding(pathColumn) + "  " + local.padding(localColumn) + "  "
                    + shortened(field.remote))
        }
        return lines
    }

    /// One line per transaction: id, product and dates, instead of the whole entry.
    static func transactionLines(_ entries: [ReceiptComparison.Difference], title: String) -> [String] {
        guard !entries.isEmpty else { return [] }
        var lines = ["\(title) (\(entries.count)), dates in UTC"]
        for entry in entries {
            guard case .object(let fields) = entry.local ?? entry.remote else { continue }
            let text = { (key: String) in fields[key]?.scalarText ?? "-" }
            var line = "  " + text("transaction_id").padding(18) + " " + text("product_id").shortened(to: 48)
            line += "  purchased " + DecodeTextRenderer.shortDate(text("purchase_date"))
            if fields["expires_date"] != nil { line += "  expires " + DecodeTextRenderer.shortDate(text("expires_date")) }
            if fields["cancellation_date"] != nil {
                line += "  cancelled " + DecodeTextRenderer.shortDate(text("cancellation_date"))
            }
            lines.append(line)
        }
        return lines
    }

    /// A value as compact JSON (so "1" and 1 stay apart), shortened; `-` when absent.
    static func shortened(_ value: JSONValue?) -> String {
        guard let value else { return "-" }
        return value.text(pretty: false).shortened(to: valueWidth)
    }
}
