package import ReceiptAudit
import ReceiptKit

/// The audit records of one day, by the receipt's creation date (an Apple-signed time, never the device's): how
/// many, with which verdicts and signals. A wave of forged or replayed receipts shows up as a day whose records
/// are mostly not valid or carry signals.
package struct ReportAuditDay: Sendable, Equatable {
    /// nil for records without a creation date (malformed records have none).
    package let day: ReportDay?
    package internal(set) var records = 0
    package internal(set) var verdicts: [AuditVerdict: Int] = [:]
    /// Records carrying each signal.
    package internal(set) var signals: [AuditSignal.Kind: Int] = [:]

    package init(day: ReportDay?) { self.day = day }

    mutating func add(_ record: AuditRecord) {
        records += 1
        verdicts[record.verdict, default: 0] += 1
        for kind in Set(record.signals.map(\.kind)) { signals[kind, default: 0] += 1 }
    }

    /// Adds another day's counts: the chart's bar for a week, a month or the records outside the axis.
    mutating func merge(_ other: ReportAuditDay) {
        records += other.records
        for (verdict, count) in other.verdicts { verdicts[verdict, default: 0] += count }
        for (kind, count) in other.signals { signals[kind, default: 0] += count }
    }
}
