import ReceiptKit

/// One chart panel: a title and notes, stacked bars per x-axis slot (one colour per series), optional lines over
/// them, count ticks and grid on the y axis, slot labels on the x axis, axis titles and a legend on the right.
struct StackedBarPanel {
    /// One thing counted: a bar segment's colour or a line's colour and dash pattern, and its legend words.
    struct Series {
        /// Words in tooltips: `3 renewals`.
        let label: String
        /// Words in the legend, e.g. with the total: `renewals: 5003`.
        let legend: String
        let colour: String
        var dash: String? = nil
    }

    /// One slot on the x axis: its label, its name in tooltips, whether a gap of empty periods precedes it, the
    /// stacked values (one per bar series) and the line values (one per line series).
    struct Slot {
        let label: String
        let tooltip: String
        let afterGap: Bool
        let bars: [Int]
        let lines: [Int]
        /// Labelled however narrow the bars: a bar that is not a period of the axis ("no date", "later").
        var alwaysLabelled = false
    }

    let title: String
    let notes: [String]
    let yTitle: String
    let xTitle: String
    let bars: [Series]
    let lines: [Series]
    let slots: [Slot]
    /// Said in the plot area when there is nothing to draw.
    let emptyMessage: String
    /// The width the notes may fill: the chart's, when another panel is wider than this one.
    var textWidth: Double? = nil

    static let left = 80.0
    static let plotHeight = 220.0
    static let legendWidth = 300.0
    static let titleSpace = 44.0
    static let noteHeight = 16.0
    static let labelSpace = 80.0
    /// A chart of two panels with this many note lines each still fits the screenshot window of docs/reports.md.
    static let maximumNoteLines = 6
    static let minimumPlotWidth = 640.0
    static let maximumPlotWidth = 900.0
    static let minimumSlotWidth = 6.0
    /// The most slots a panel shows at ``minimumSlotWidth``: a chart with more periods groups them into longer
    /// ones (``ChartAxis``), so that no panel is wider than ``maximumPlotWidth``.
    static let maximumSlots = Int(maximumPlotWidth / minimumSlotWidth)

    /// Width of one slot: wide bars for a few days, at least 6 pixels however many.
    var slotWidth: Double {
        max(Self.minimumSlotWidth, min(36, (Self.maximumPlotWidth / Double(max(1, slots.count))).rounded(.down)))
    }
    var plotWidth: Double { max(Self.minimumPlotWidth, slotWidth * Double(slots.count)) }
    var width: Double { Self.left + plotWidth + 30 + Self.legendWidth }
    var height: Double {
        Self.titleSpace + Double(noteLines.count) * Self.noteHeight + 12 + Self.plotHeight + Self.labelSpace + 16
    }

    /// The notes broken into lines that fit the panel (or ``textWidth``) right of the left margin; past
    /// ``maximumNoteLines`` the last one ends in an ellipsis.
    var noteLines: [String] {
        let lines = notes.flatMap { TextLayout.lines($0, width: (textWidth ?? width) - Self.left - 16, size: 12) }
        guard lines.count > Self.maximumNoteLines else { return lines }
        return lines.prefix(Self.maximumNoteLines - 1) + [String(lines[Self.maximumNoteLines - 1].dropLast(2)) + " …"]
    }

    /// The empty-panel message in lines that fit inside the plot area, clear of both axes.
    var emptyMessageLines: [String] { TextLayout.lines(emptyMessage, width: plotWidth - 40, size: 13) }

    /// Draws the panel with its top edge at `top`.
    func draw(into svg: inout SVGWriter, top: Double) {
        svg.text(title, x: Self.left, y: top + 24, size: 16, bold: true)
        let notes = noteLines
        for (index, note) in notes.enumerated() {
            svg.text(note, x: Self.left, y: top + Self.titleSpace + Double(index) * Self.noteHeight, size: 12, fill: "#444444")
        }
        let plotTop = top + Self.titleSpace + Double(notes.count) * Self.noteHeight + 12
        let maximum = slots.map { max($0.bars.reduce(0, +), $0.lines.max() ?? 0) }.max() ?? 0
        let scale = ChartScale(maximum: maximum)
        drawYAxis(into: &svg, plotTop: plotTop, scale: scale)
        if slots.isEmpty {
            let lines = emptyMessageLines
            let first = plotTop + Self.plotHeight / 2 - Double(lines.count - 1) * 9
            for (index, line) in lines.enumerated() {
                svg.text(line, x: Self.left + plotWidth / 2, y: first + Double(index) * 18, size: 13, anchor: "middle")
            }
        } else {
            drawBars(into: &svg, plotTop: plotTop, scale: scale)
            drawLines(into: &svg, plotTop: plotTop, scale: scale)
            drawXLabels(into: &svg, plotTop: plotTop)
        }
        let bottom = plotTop + Self.plotHeight
        svg.line(x1: Self.left, y1: bottom, x2: Self.left + plotWidth, y2: bottom, stroke: "#222222")
        svg.text(xTitle, x: Self.left + plotWidth / 2, y: bottom + Self.labelSpace, size: 12, anchor: "middle")
        drawLegend(into: &svg, plotTop: plotTop)
    }

    private func drawYAxis(into svg: inout SVGWriter, plotTop: Double, scale: ChartScale) {
        let bottom = plotTop + Self.plotHeight
        for tick in scale.ticks {
            let y = bottom - Self.plotHeight * Double(tick) / Double(scale.top)
            if tick > 0 { svg.line(x1: Self.left, y1: y, x2: Self.left + plotWidth, y2: y, stroke: "#e4e4e4") }
            svg.line(x1: Self.left - 5, y1: y, x2: Self.left, y2: y, stroke: "#222222")
            svg.text(String(tick), x: Self.left - 8, y: y + 4, size: 11, anchor: "end")
        }
        svg.line(x1: Self.left, y1: plotTop, x2: Self.left, y2: bottom, stroke: "#222222")
        svg.text(yTitle, x: 22, y: plotTop + Self.plotHeight / 2, size: 12, anchor: "middle", rotation: -90)
    }

    private func drawBars(into svg: inout SVGWriter, plotTop: Double, scale: ChartScale) {
        let bottom = plotTop + Self.plotHeight
        let barWidth = max(3, (slotWidth * 0.72).rounded())
        for (index, slot) in slots.enumerated() {
            let x = Self.left + Double(index) * slotWidth
            if slot.afterGap {
                // An axis break: two short slanted strokes across the x axis where empty days were left out.
                for offset in [-2.0, 2.0] {
                    svg.line(
                        x1: x + offset - 2, y1: bottom + 5, x2: x + offset + 2, y2: bottom - 5, stroke: "#555555", width: 1.5)
                }
            }
            var stacked = 0
            for (series, value) in zip(bars, slot.bars) where value > 0 {
                let y0 = bottom - Self.plotHeight * Double(stacked) / Double(scale.top)
                stacked += value
                let y1 = bottom - Self.plotHeight * Double(stacked) / Double(scale.top)
                svg.rectangle(
                    x: x + (slotWidth - barWidth) / 2, y: y1, width: barWidth, height: max(0.5, y0 - y1), fill: series.colour,
                    title: "\(slot.tooltip): \(value) \(series.label)")
            }
        }
    }

    private func drawLines(into svg: inout SVGWriter, plotTop: Double, scale: ChartScale) {
        let bottom = plotTop + Self.plotHeight
        for (position, series) in lines.enumerated() {
            let values = slots.map { position < $0.lines.count ? $0.lines[position] : 0 }
            guard values.contains(where: { $0 > 0 }) else { continue }
            let points = values.enumerated().map { index, value in
                (
                    x: Self.left + (Double(index) + 0.5) * slotWidth,
                    y: bottom - Self.plotHeight * Double(value) / Double(scale.top)
                )
            }
            svg.polyline(points, stroke: series.colour, dash: series.dash)
            for (index, point) in points.enumerated() where values[index] > 0 {
                svg.circle(
                    x: point.x, y: point.y, radius: 3.5, fill: series.colour,
                    title: "\(slots[index].tooltip): \(values[index]) records with \(series.label)")
            }
        }
    }

    /// Day labels turned 45 degrees under their bars; when bars are narrower than a label's height, only every
    /// n-th day is labelled (every bar keeps its tick), and the bars outside the axis, whose neighbours then
    /// give way.
    private func drawXLabels(into svg: inout SVGWriter, plotTop: Double) {
        let bottom = plotTop + Self.plotHeight
        let every = max(1, Int((13 / slotWidth).rounded(.up)))
        let always = slots.indices.filter { slots[$0].alwaysLabelled }
        for (index, slot) in slots.enumerated() {
            let x = Self.left + (Double(index) + 0.5) * slotWidth
            let labelled =
                slot.alwaysLabelled || (index % every == 0 && !always.contains { abs($0 - index) < every })
            svg.line(x1: x, y1: bottom, x2: x, y2: bottom + (labelled ? 5 : 3), stroke: "#222222")
            guard labelled else { continue }
            svg.text(slot.label, x: x + 3, y: bottom + 14, size: 11, anchor: "end", rotation: -45)
        }
    }

    private func drawLegend(into svg: inout SVGWriter, plotTop: Double) {
        let x = Self.left + plotWidth + 30
        var y = plotTop
        for series in bars {
            svg.rectangle(x: x, y: y, width: 14, height: 14, fill: series.colour)
            svg.text(series.legend, x: x + 20, y: y + 11, size: 12)
            y += 20
        }
        for series in lines {
            svg.line(x1: x, y1: y + 7, x2: x + 14, y2: y + 7, stroke: series.colour, width: 2, dash: series.dash)
            svg.circle(x: x + 7, y: y + 7, radius: 3.5, fill: series.colour)
            svg.text(series.legend, x: x + 20, y: y + 11, size: 12)
            y += 20
        }
    }
}
