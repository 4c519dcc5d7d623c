import ReceiptKit

/// Sales and trends from validated receipts: per product, day and environment, the events of
/// ``ReportEventKind`` over unique transactions, and per day the audit's verdicts and signals.
///
/// Built by ``ReportBuilder``; rendered as JSON (``json``), CSV (``csv``), text (by the CLI) and an SVG chart
/// (``ReportChart``). Everything is in a fixed order, so the same inputs give the same bytes.
package struct Report: Sendable, Equatable {
    package let options: ReportOptions
    /// Sorted by day, environment, product id.
    package let rows: [ReportRow]
    /// Days with audit records, in order.
    package let auditDays: [ReportAuditDay]
    /// Audit records without a creation date, when there are any.
    package let undatedAuditRecords: ReportAuditDay?
    package let tallies: ReportTallies

    /// Each event kind summed over every row.
    package var totals: [ReportEventKind: Int] {
        var totals: [ReportEventKind: Int] = [:]
        for row in rows {
            for (kind, count) in row.counts { totals[kind, default: 0] += count }
        }
        return totals
    }

    /// The event counts per day, over every product and environment, in day order.
    package var eventsPerDay: [(day: ReportDay, counts: [ReportEventKind: Int])] {
        var days: [ReportDay: [ReportEventKind: Int]] = [:]
        for row in rows {
            for (kind, count) in row.counts { days[row.key.day, default: [:]][kind, default: 0] += count }
        }
        return days.keys.sorted().map { ($0, days[$0] ?? [:]) }
    }
}
