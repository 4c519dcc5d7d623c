import ReceiptAudit
package import ReceiptKit

/// The JSON form of a report, through the project's writer (sorted keys, deterministic bytes).
extension Report {
    package static let formatVersion = 1

    /// `{audit_days, audit_undated?, format_version, include_unverified, inputs, rows, time_zone, totals,
    /// transactions}`, written in key order.
    package func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("audit_days")
        output.beginArray()
        for day in auditDays { day.write(to: &output) }
        output.endArray()
        if let undatedAuditRecords {
            output.key("audit_undated")
            undatedAuditRecords.write(to: &output)
        }
        output.member("format_version", integer: Self.formatVersion)
        output.key("include_unverified")
        output.bool(options.includeUnverified)
        output.key("inputs")
        writeInputs(to: &output)
        output.key("rows")
        output.beginArray()
        for row in rows { row.write(to: &output) }
        output.endArray()
        output.member("time_zone", options.timeZone.name)
        output.key("totals")
        output.beginObject()
        for kind in ReportEventKind.allCases {
            output.dynamicKey(kind.rawValue)
            output.integer(totals[kind] ?? 0)
        }
        output.endObject()
        writeTransactions(to: &output)
        output.endObject()
    }

    private func writeInputs(to output: inout JSONOutput) {
        output.beginObject()
        output.key("audit_records")
        output.beginObject()
        output.member("counted", integer: tallies.countedAuditRecords)
        output.key("not_counted")
        Self.write(tallies.uncountedAuditRecords, to: &output) { $0.rawValue }
        output.member("read", integer: tallies.auditRecords)
        output.endObject()
        output.key("responses")
        output.beginObject()
        output.member("counted", integer: tallies.countedResponses)
        output.key("not_counted")
        Self.write(tallies.uncountedResponses, to: &output) { String($0) }
        output.member("read", integer: tallies.responses)
        output.endObject()
        // Only when there are any, so a clean report keeps its bytes.
        if tallies.unusableInputs > 0 {
            output.key("unusable")
            output.beginObject()
            output.member("count", integer: tallies.unusableInputs)
            output.member("first", strings: tallies.unusableSamples)
            output.endObject()
        }
        output.endObject()
    }

    private func writeTransactions(to output: inout JSONOutput) {
        output.key("transactions")
        output.beginObject()
        output.member("copies", integer: tallies.transactionCopies)
        output.member("family_shared", integer: tallies.familyShared)
        output.member("offer_flags_unknown", integer: tallies.offerFlagsUnknown)
        output.member("unique", integer: tallies.uniqueTransactions)
        output.member("without_purchase_date", integer: tallies.withoutPurchaseDate)
        output.member("without_transaction_id", integer: tallies.withoutTransactionID)
        output.endObject()
    }

    /// A table of counts as a JSON object keyed by `name`.
    static func write<Key>(_ table: [Key: Int], to output: inout JSONOutput, name: (Key) -> String) {
        output.counts(table.map { (key: name($0.key), value: $0.value) })
    }
}

extension ReportRow {
    func write(to output: inout JSONOutput) {
        output.beginObject()
        for kind in ReportEventKind.allCases {
            output.dynamicKey(kind.rawValue)
            output.integer(count(kind))
        }
        output.member("date", key.day.description)
        output.member("environment", key.environment)
        output.member("offer_flags_unknown", integer: offerFlagsUnknown)
        output.member("product_id", key.productID)
        output.endObject()
    }
}

extension ReportAuditDay {
    func write(to output: inout JSONOutput) {
        output.beginObject()
        output.member("date", day?.description)
        output.member("records", integer: records)
        output.key("signals")
        Report.write(signals, to: &output) { $0.rawValue }
        output.key("verdicts")
        Report.write(verdicts, to: &output) { $0.rawValue }
        output.endObject()
    }
}
