import ReceiptAudit
import ReceiptKit

/// The bars of the chart's audit panel: the audit days grouped on a ``ChartAxis``, records without a date in a
/// "no date" bar at the right.
///
/// A record that is not valid has a creation date nobody has verified (a forged receipt says what it likes), so
/// such records do not choose the axis: when there are valid records, the axis spans the days from the first to
/// the last valid record, and records that are not valid dated before or after are gathered in an "earlier" and
/// a "later" bar. A batch of forged dates, however many, then neither widens the chart nor groups the genuine
/// days into months; within the span they count on their day as every record does.
struct AuditChartDays {
    struct Bar {
        let label: String
        let tooltip: String
        let afterGap: Bool
        let records: ReportAuditDay
        /// True for the bars that are not periods of the axis: earlier, later, no date.
        var outsideAxis = true
    }

    let axis: ChartAxis
    let bars: [Bar]
    /// The days of valid records, first to last; nil when there are none (every day is then on the axis).
    let validSpan: ClosedRange<ReportDay>?
    /// Records that are not valid dated outside ``validSpan``.
    let outside: Int

    init(_ report: Report, maximumSlots: Int) {
        let dated = report.auditDays.compactMap { entry in entry.day.map { (day: $0, records: entry) } }
        let valid = dated.filter { ($0.records.verdicts[.valid] ?? 0) > 0 }.map(\.day)
        let span = valid.first.flatMap { first in valid.last.map { first...$0 } }
        axis = ChartAxis(dated.map(\.day).filter { span?.contains($0) ?? true }, maximumSlots: maximumSlots)
        var grouped = Array(repeating: ReportAuditDay(day: nil), count: axis.slots.count)
        var earlier = ReportAuditDay(day: nil)
        var later = ReportAuditDay(day: nil)
        for (day, records) in dated {
            if let span, day < span.lowerBound {
                earlier.merge(records)
            } else if let span, day > span.upperBound {
                later.merge(records)
            } else if let position = axis.position(of: day) {
                grouped[position].merge(records)
            }
        }
        var bars: [Bar] = []
        if let span, earlier.records > 0 {
            bars.append(Bar(label: "earlier", tooltip: "before \(span.lowerBound)", afterGap: false, records: earlier))
        }
        let afterEarlier = !bars.isEmpty
        for (position, (slot, records)) in zip(axis.slots, grouped).enumerated() {
            bars.append(
                Bar(
                    label: axis.period.label(slot.index), tooltip: axis.period.tooltip(slot.index),
                    afterGap: slot.afterGap || (position == 0 && afterEarlier), records: records, outsideAxis: false))
        }
        if let span, later.records > 0 {
            bars.append(Bar(label: "later", tooltip: "after \(span.upperBound)", afterGap: true, records: later))
        }
        if let undated = report.undatedAuditRecords {
            bars.append(Bar(label: "no date", tooltip: "no date", afterGap: true, records: undated))
        }
        self.bars = bars
        validSpan = span
        outside = earlier.records + later.records
    }

    /// Why there are "earlier" and "later" bars, when there are.
    var outsideNote: String? {
        guard let validSpan, outside > 0 else { return nil }
        let days =
            validSpan.lowerBound == validSpan.upperBound
            ? "\(validSpan.lowerBound)" : "\(validSpan.lowerBound) to \(validSpan.upperBound)"
        return "Earlier, later: \(outside) records that are not valid, dated before or after every valid record (\(days)); "
            + "unverified dates do not set the axis."
    }
}
