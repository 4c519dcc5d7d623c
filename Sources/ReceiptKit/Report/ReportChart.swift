/// The report as a self-contained SVG chart in two panels: the events per day, stacked by kind; and the audit
/// records per day stacked by verdict, with a line per signal, where a wave of forged or replayed receipts shows.
///
/// Written by the project itself (no plotting library, no script, no external reference); every text taken from
/// the input is XML-escaped (``String/escapingXML``), and the same report always gives the same bytes.
public enum ReportChart {
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

    /// The SVG document.
    public static func svg(_ report: Report) -> String {
        let panels = [eventPanel(report), auditPanel(report)]
        var svg = SVGWriter()
        var top = 10.0
        for panel in panels {
            panel.draw(into: &svg, top: top)
            top += panel.height + 10
        }
        let width = panels.map(\.width).max() ?? 800
        return svg.document(width: width, height: top, title: "appreceipt report (\(report.options.timeZone.name))")
    }

    static func eventPanel(_ report: Report) -> StackedBarPanel {
        let zone = report.options.timeZone.name
        let totals = report.totals
        let perDay = Dictionary(report.eventsPerDay.map { ($0.day, $0.counts) }) { first, _ in first }
        let days = ChartDays(Array(perDay.keys))
        let kinds = ReportEventKind.allCases
        let slots = days.slots.map { slot in
            StackedBarPanel.Slot(
                label: slot.day.description, afterGap: slot.afterGap, bars: kinds.map { perDay[slot.day]?[$0] ?? 0 },
                lines: [])
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
        if days.hasGaps { notes.append("Days without events are left out; a break mark (//) on the axis shows each gap.") }
        return StackedBarPanel(
            title: "Events per day (\(zone))", notes: notes, yTitle: "events", xTitle: "purchase or cancellation day (\(zone))",
            bars: series, lines: [], slots: slots, emptyMessage: "no counted events")
    }

    static func auditPanel(_ report: Report) -> StackedBarPanel {
        let zone = report.options.timeZone.name
        let byDay = Dictionary(report.auditDays.compactMap { day in day.day.map { ($0, day) } }) { first, _ in first }
        let days = ChartDays(Array(byDay.keys))
        let verdicts = AuditVerdict.allCases
        let signals = AuditSignal.Kind.allCases.filter { kind in report.auditDays.contains { $0.signals[kind] != nil } }
        func slot(_ label: String, afterGap: Bool, _ day: ReportAuditDay?) -> StackedBarPanel.Slot {
            StackedBarPanel.Slot(
                label: label, afterGap: afterGap, bars: verdicts.map { day?.verdicts[$0] ?? 0 },
                lines: signals.map { day?.signals[$0] ?? 0 })
        }
        var slots = days.slots.map { slot($0.day.description, afterGap: $0.afterGap, byDay[$0.day]) }
        if let undated = report.undatedAuditRecords { slots.append(slot("no date", afterGap: true, undated)) }
        var verdictTotals: [AuditVerdict: Int] = [:]
        var signalTotals: [AuditSignal.Kind: Int] = [:]
        for day in report.auditDays + [report.undatedAuditRecords].compactMap({ $0 }) {
            for (verdict, count) in day.verdicts { verdictTotals[verdict, default: 0] += count }
            for (signal, count) in day.signals { signalTotals[signal, default: 0] += count }
        }
        let bars = verdicts.map { verdict in
            StackedBarPanel.Series(
                label: "\(verdict.rawValue) records", legend: "\(verdict.rawValue): \(verdictTotals[verdict] ?? 0)",
                colour: verdictColours[verdict] ?? "#000000")
        }
        let lines = signals.map { kind in
            StackedBarPanel.Series(
                label: kind.rawValue, legend: "\(kind.rawValue): \(signalTotals[kind] ?? 0)",
                colour: signalStyles[kind]?.colour ?? "#000000", dash: signalStyles[kind]?.dash)
        }
        var notes = ["Audit records by the receipt's creation date (Apple-signed); lines: records carrying each signal."]
        if report.undatedAuditRecords != nil { notes.append("Records without a creation date (malformed) are at the right.") }
        if days.hasGaps { notes.append("Days without records are left out; a break mark (//) on the axis shows each gap.") }
        return StackedBarPanel(
            title: "Audit verdicts and signals per day (\(zone))", notes: notes, yTitle: "records",
            xTitle: "receipt creation day (\(zone))", bars: bars, lines: lines, slots: slots,
            emptyMessage: "no audit records in the input (verdicts and signals come from appreceipt audit output)")
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
            let statuses = tallies.uncountedResponses.sorted { $0.key < $1.key }
            parts.append(statuses.map { "\($0.value) with status \($0.key)" }.joined(separator: ", ") + " responses")
        }
        guard !parts.isEmpty else { return nil }
        return "Not counted: " + parts.joined(separator: "; ") + " (--include-unverified counts all but malformed)."
    }
}
