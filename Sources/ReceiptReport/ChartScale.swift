import ReceiptKit

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
