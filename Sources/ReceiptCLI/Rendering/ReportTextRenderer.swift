import ReceiptAudit
import ReceiptKit
import ReceiptReport

/// `report --format text`: what was counted and left out, the totals, then two aligned tables (events per day,
/// product and environment; audit records per day). Text from the input is control-character escaped.
enum ReportTextRenderer {
    /// Short column names for the event kinds, in ``ReportEventKind`` order.
    static let eventHeadings = ["first", "renew", "restore", "trial", "intro", "refund", "upgrade"]

    static func render(_ report: Report) -> String {
        var lines = header(report)
        lines.append("")
        lines += eventTable(report)
        lines.append("")
        lines += auditTable(report)
        return lines.renderedLines
    }

    static func header(_ report: Report) -> [String] {
        let tallies = report.tallies
        let scope = report.options.includeUnverified ? "all records but malformed" : "valid records only"
        var records = "\(tallies.auditRecords) audit records (\(tallies.countedAuditRecords) counted"
        if !tallies.uncountedAuditRecords.isEmpty {
            records += "; not counted: " + counts(tallies.uncountedAuditRecords.map { ($0.key.rawValue, $0.value) })
        }
        var responses = "\(tallies.responses) verifyReceipt responses (\(tallies.countedResponses) counted"
        if !tallies.uncountedResponses.isEmpty {
            responses += "; not counted: " + counts(tallies.uncountedResponses.map { ("status \($0.key)", $0.value) })
        }
        var lines = [
            "time zone     \(report.options.timeZone.name); \(scope)",
            "inputs        \(records)), \(responses))",
            "transactions  \(tallies.uniqueTransactions) unique of \(tallies.transactionCopies) read; "
                + "\(tallies.withoutTransactionID) without transaction_id, \(tallies.familyShared) family-shared, "
                + "\(tallies.withoutPurchaseDate) without purchase date",
        ]
        if tallies.unusableInputs > 0 {
            lines.append(
                "unusable      \(tallies.unusableInputs) lines or files were not audit output or responses (named on stderr)")
        }
        if tallies.offerFlagsUnknown > 0 {
            lines.append(
                "              trials, intro offers and upgrades unknown for \(tallies.offerFlagsUnknown) "
                    + "(their inputs carry no offer flags)")
        }
        let totals = report.totals
        lines.append("totals        " + ReportEventKind.allCases.map { "\($0.label) \(totals[$0] ?? 0)" }.joined(separator: ", "))
        return lines
    }

    static func eventTable(_ report: Report) -> [String] {
        guard !report.rows.isEmpty else { return ["no counted events"] }
        // Both columns are shortened: every row is padded to the widest, so one long forged value must not widen
        // every line of the table (the output would grow with rows times its length).
        let environments = report.rows.map { ($0.key.environment ?? "-").escapingControlCharacters.shortened(to: 24) }
        let products = report.rows.map { ($0.key.productID ?? "-").escapingControlCharacters.shortened(to: 48) }
        let environmentWidth = max(11, environments.map(\.count).max() ?? 0)
        let productWidth = max(7, products.map(\.count).max() ?? 0)
        let numbers = eventHeadings + ["no-flags"]
        var lines = [
            "date        " + "environment".padding(environmentWidth) + "  " + "product".padding(productWidth)
                + numbers.map { "  " + $0 }.joined()
        ]
        for (index, row) in report.rows.enumerated() {
            let values = ReportEventKind.allCases.map { row.count($0) } + [row.offerFlagsUnknown]
            let cells = zip(numbers, values).map { heading, value in "  " + rightAligned(String(value), heading.count) }
            lines.append(
                "\(row.key.day)  " + environments[index].padding(environmentWidth) + "  "
                    + products[index].padding(productWidth) + cells.joined())
        }
        return lines
    }

    static func auditTable(_ report: Report) -> [String] {
        let days = report.auditDays + [report.undatedAuditRecords].compactMap { $0 }
        guard !days.isEmpty else { return ["no audit records"] }
        let verdicts = AuditVerdict.allCases
        var lines = [
            "audit records per day (receipt creation date)",
            "date        records" + verdicts.map { "  " + $0.rawValue }.joined() + "  signals (records)",
        ]
        for day in days {
            let cells = verdicts.map { "  " + rightAligned(String(day.verdicts[$0] ?? 0), $0.rawValue.count) }
            let signals = day.signals.isEmpty ? "-" : counts(day.signals.map { ($0.key.rawValue, $0.value) })
            lines.append(
                (day.day?.description ?? "no date").padding(10) + "  " + rightAligned(String(day.records), 7)
                    + cells.joined() + "  " + signals)
        }
        return lines
    }

    /// `12 invalid, 3 malformed`: largest first, then by name.
    static func counts(_ table: [(String, Int)]) -> String {
        table.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
    }

    static func rightAligned(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
