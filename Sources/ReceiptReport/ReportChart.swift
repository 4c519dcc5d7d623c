import ReceiptAudit
import ReceiptKit

/// The report as a self-contained SVG chart in two panels: the events per day, stacked by kind; and the audit
/// records per day stacked by verdict, with a line per signal, where a wave of forged or replayed receipts shows.
///
/// Written by the project itself (no plotting library, no script, no external reference); every text taken from
/// the input is XML-escaped (``String/escapingXML``), and the same report always gives the same bytes.
package enum ReportChart {
    /// Colour-blind-safe colours (Okabe and Ito), one per event kind, in ``ReportEventKind`` order.
    static let eventColours: [ReportEventKind: String] = [
        .firstPurchase: "#0072B2", .renewal: "#56B4E9", .restore: "#999999", .trial: "#009E73",
        .introOffer: "#E69F00", .refund: "#D55E00", .upgrade: "#CC79A7",
    ]
    static let verdictColours: [AuditVerdict: String] = [
        .valid: "#009E73", .invalid: "#D55E00", .untrusted: "#E69F00", .unverifiableHere: "#999999", .malformed: "#333333",
    ]
    /// Signal lines: a colour and a dash pattern each, so they stay apart in grey print too.
    static let signalStyles: [AuditSignal.Kind: (colour: String, dash: String?)] = [
        .receiptSharedBetweenUsers: ("#0072B2", nil), .transactionSharedBetweenUsers: ("#CC79A7", "6 3"),
        .bundleIDNotAllowed: ("#56B4E9", "2 2"), .environmentNotAllowed: ("#B8860B", "8 3 2 3"),
        .deviceMismatch: ("#8B4513", "4 4"), .creationDateInFuture: ("#000000", "1 3"),
    ]

    /// The SVG document, of a bounded size however many days the report has (its panels group days into longer
    /// periods rather than grow; the screenshot window of docs/reports.md holds any chart).
    package static func svg(_ report: Report) -> String {
        var panels = [eventPanel(report), auditPanel(report)]
        let width = panels.map(\.width).max() ?? 800
        for index in panels.indices { panels[index].textWidth = width }
        var svg = SVGWriter()
        var top = 10.0
        for panel in panels {
            panel.draw(into: &svg, top: top)
            top += panel.height + 10
        }
        return svg.document(width: width, height: top, title: "appreceipt report (\(report.options.timeZone.name))")
    }

    static func eventPanel(_ report: Report) -> StackedBarPanel {
        let zone = report.options.timeZone.name
        let totals = report.totals
        let perDay = report.eventsPerDay
        let axis = ChartAxis(perDay.map(\.day), maximumSlots: StackedBarPanel.maximumSlots)
        let kinds = ReportEventKind.allCases
        var bars = Array(repeating: Array(repeating: 0, count: kinds.count), count: axis.slots.count)
        for (day, counts) in perDay {
            guard let position = axis.position(of: day) else { continue }
            for (column, kind) in kinds.enumerated() { bars[position][column] += counts[kind] ?? 0 }
        }
        let slots = zip(axis.slots, bars).map { slot, values in
            StackedBarPanel.Slot(
                label: axis.period.label(slot.index), tooltip: axis.period.tooltip(slot.index), afterGap: slot.afterGap,
                bars: values, lines: [])
        }
        let series = kinds.map { kind in
            StackedBarPanel.Series(
                label: kind.label, legend: "\(kind.label): \(totals[kind] ?? 0)", colour: eventColours[kind] ?? "#000000")
        }
        var notes = [countedNote(report)]
        if report.tallies.offerFlagsUnknown > 0 {
            notes.append(
                "Free trials, intro offers and upgrades are unknown for \(report.tallies.offerFlagsUnknown) transactions read "
                    + "from inputs that carry no offer flags.")
        }
        if let uncounted = uncountedNote(report) { notes.append(uncounted) }
        notes += axisNotes(axis, what: "events")
        return StackedBarPanel(
            title: "Events per \(axis.period.name) (\(zone))", notes: notes, yTitle: "events",
            xTitle: "purchase or cancellation \(axis.period.axisName) (\(zone))", bars: series, lines: [], slots: slots,
            emptyMessage: "no counted events")
    }

    static func auditPanel(_ report: Report) -> StackedBarPanel {
        let zone = report.options.timeZone.name
        let placed = AuditChartDays(report, maximumSlots: StackedBarPanel.maximumSlots - 3)
        let verdicts = AuditVerdict.allCases
        let signals = AuditSignal.Kind.allCases.filter { kind in report.auditDays.contains { $0.signals[kind] != nil } }
        let slots = placed.bars.map { bar in
            StackedBarPanel.Slot(
                label: bar.label, tooltip: bar.tooltip, afterGap: bar.afterGap,
                bars: verdicts.map { bar.records.verdicts[$0] ?? 0 },
                lines: signals.map { bar.records.signals[$0] ?? 0 }, alwaysLabelled: bar.outsideAxis)
        }
        var total = ReportAuditDay(day: nil)
        for day in report.auditDays + [report.undatedAuditRecords].compactMap({ $0 }) { total.merge(day) }
        let bars = verdicts.map { verdict in
            StackedBarPanel.Series(
                label: "\(verdict.rawValue) records", legend: "\(verdict.rawValue): \(total.verdicts[verdict] ?? 0)",
                colour: verdictColours[verdict] ?? "#000000")
        }
        let lines = signals.map { kind in
            StackedBarPanel.Series(
                label: kind.rawValue, legend: "\(kind.rawValue): \(total.signals[kind] ?? 0)",
                colour: signalStyles[kind]?.colour ?? "#000000", dash: signalStyles[kind]?.dash)
        }
        var notes = ["Audit records by the receipt's creation date (Apple-signed); lines: records carrying each signal."]
        if let outside = placed.outsideNote { notes.append(outside) }
        if report.undatedAuditRecords != nil { notes.append("Records without a creation date (malformed) are at the right.") }
        notes += axisNotes(placed.axis, what: "records")
        return StackedBarPanel(
            title: "Audit verdicts and signals per \(placed.axis.period.name) (\(zone))", notes: notes, yTitle: "records",
            xTitle: "receipt creation \(placed.axis.period.axisName) (\(zone))", bars: bars, lines: lines, slots: slots,
            emptyMessage: "no audit records in the input (verdicts and signals come from appreceipt audit output)")
    }

    /// What the axis grouped or left out: `Grouped by week: 412 days with events are more than the 150 bars ...`.
    static func axisNotes(_ axis: ChartAxis, what: String) -> [String] {
        var notes: [String] = []
        if axis.period != .day {
            notes.append(
                "Grouped by \(axis.period.name): \(axis.distinctDays) days with \(what) are more than the "
                    + "\(StackedBarPanel.maximumSlots) bars a chart shows; the text, CSV and JSON output keep every day.")
        }
        if axis.hasGaps {
            let periods = axis.period.plural.prefix(1).uppercased() + axis.period.plural.dropFirst()
            notes.append("\(periods) without \(what) are left out; a break mark (//) on the axis shows each gap.")
        }
        return notes
    }

    /// `Counted: 430 unique transactions from 39 of 507 audit records and 0 of 0 responses; ...`.
    static func countedNote(_ report: Report) -> String {
        let tallies = report.tallies
        let scope = report.options.includeUnverified ? "all but malformed" : "valid only"
        return "Counted: \(tallies.uniqueTransactions) unique transactions from \(tallies.countedAuditRecords) of "
            + "\(tallies.auditRecords) audit records (\(scope)) and \(tallies.countedResponses) of \(tallies.responses) "
            + "verifyReceipt responses; each transaction counts once."
    }

    /// `Not counted: 48 malformed, 3 invalid audit records; 1 response with status 21002.`, or nil.
    static func uncountedNote(_ report: Report) -> String? {
        let tallies = report.tallies
        var parts: [String] = []
        if !tallies.uncountedAuditRecords.isEmpty {
            let verdicts = tallies.uncountedAuditRecords.sorted { $0.key.rawValue < $1.key.rawValue }
            parts.append(verdicts.map { "\($0.value) \($0.key.rawValue)" }.joined(separator: ", ") + " audit records")
        }
        if !tallies.uncountedResponses.isEmpty {
            // Statuses come from the input: the three most frequent are named, so the note stays one line or two.
            let statuses = tallies.uncountedResponses.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            var named = statuses.prefix(3).map { "\($0.value) with status \($0.key)" }.joined(separator: ", ") + " responses"
            if statuses.count > 3 {
                named += " and \(statuses.dropFirst(3).reduce(0) { $0 + $1.value }) with \(statuses.count - 3) other statuses"
            }
            parts.append(named)
        }
        guard !parts.isEmpty else { return nil }
        return "Not counted: " + parts.joined(separator: "; ") + " (--include-unverified counts all but malformed)."
    }
}
