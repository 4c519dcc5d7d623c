/// A count axis with round tick steps (1, 2 or 5 times a power of ten), so a reader can read a bar's height off
/// the grid: `ChartScale(maximum: 37)` ticks 0, 10, 20, 30, 40.
struct ChartScale: Equatable {
    /// The distance between ticks.
    let step: Int
    /// The top of the axis: the first tick at or above the maximum.
    let top: Int

    init(maximum: Int, targetTicks: Int = 5) {
        let target = max(1, maximum) / max(1, targetTicks)
        var magnitude = 1
        while magnitude <= target / 10 { magnitude *= 10 }
        let step = [1, 2, 5, 10].map { $0 * magnitude }.first { $0 * max(1, targetTicks) >= max(1, maximum) } ?? magnitude * 10
        self.step = step
        let ticks = (max(1, maximum) + step - 1) / step
        top = ticks * step
    }

    /// Every tick value from 0 to ``top``.
    var ticks: [Int] { Array(stride(from: 0, through: top, by: step)) }
}

/// The days along a chart's x axis. When the days with data span at most ``continuousSpan`` days every day is
/// shown, empty ones too, so the axis is true time; over longer spans only days with data are shown and each gap
/// is marked, so that ten years of sparse data do not shrink into hairlines.
struct ChartDays: Equatable {
    static let continuousSpan: Int64 = 92

    struct Slot: Equatable {
        let day: ReportDay
        /// True when days without data were left out just before this one.
        let afterGap: Bool
    }

    let slots: [Slot]
    /// True when some empty days were left out.
    let hasGaps: Bool

    init(_ days: [ReportDay]) {
        let sorted = Array(Set(days)).sorted()
        guard let first = sorted.first, let last = sorted.last else {
            slots = []
            hasGaps = false
            return
        }
        if last.daysSinceEpoch - first.daysSinceEpoch < Self.continuousSpan {
            var all: [Slot] = []
            var day = first
            while day <= last {
                all.append(Slot(day: day, afterGap: false))
                day = day.next
            }
            slots = all
            hasGaps = false
        } else {
            slots = sorted.enumerated().map { index, day in
                Slot(day: day, afterGap: index > 0 && day.daysSinceEpoch - sorted[index - 1].daysSinceEpoch > 1)
            }
            hasGaps = slots.contains { $0.afterGap }
        }
    }
}
