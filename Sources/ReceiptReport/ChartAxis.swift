import ReceiptKit

/// The time axis of a chart panel: which periods get a bar, and how long a period is.
///
/// Every day has its own bar when the days with data fit: over at most ``continuousDays`` days every day is
/// shown, empty ones too, so the axis is true time; over longer spans only days with data are shown and each gap
/// is marked, so that ten years of sparse data do not shrink into hairlines. When even that is more than
/// `maximumSlots` bars, days are grouped into weeks, then months, years, 10 years and so on (``ChartPeriod``)
/// until they fit, so a chart stays readable and small whatever the input: the work is linear in the distinct
/// days, and the slots are never more than `maximumSlots`.
struct ChartAxis: Equatable {
    static let continuousDays: Int64 = 92

    struct Slot: Equatable {
        /// The period's number (``ChartPeriod/index(of:)``).
        let index: Int64
        /// True when periods without data were left out just before this one.
        let afterGap: Bool
    }

    let period: ChartPeriod
    let slots: [Slot]
    /// How many distinct days the axis was made from.
    let distinctDays: Int
    private let positions: [Int64: Int]

    /// True when some empty periods were left out.
    var hasGaps: Bool { slots.contains { $0.afterGap } }

    init(_ days: [ReportDay], maximumSlots: Int) {
        let sorted = Array(Set(days)).sorted()
        // Two at least: the longest period still splits the days before and after 1970 (year 0 of its count).
        let maximum = max(2, maximumSlots)
        var period = ChartPeriod.day
        var indices: [Int64] = []
        var slots: [Slot]? = nil
        while slots == nil {
            indices = Self.distinctInOrder(sorted.map(period.index))
            slots = Self.slots(indices, period, maximum)
            // The longest period holds every representable day in two periods at most, so this ends.
            guard let next = period.coarser else { break }
            if slots == nil { period = next }
        }
        self.period = period
        self.slots = slots ?? indices.map { Slot(index: $0, afterGap: false) }
        distinctDays = sorted.count
        positions = Dictionary(self.slots.enumerated().map { ($0.element.index, $0.offset) }) { first, _ in first }
    }

    /// The position of the slot that holds `day`, or nil when its period has no slot.
    func position(of day: ReportDay) -> Int? { positions[period.index(of: day)] }

    /// The slots for sorted, distinct `indices`, or nil when they are more than `maximum`.
    private static func slots(_ indices: [Int64], _ period: ChartPeriod, _ maximum: Int) -> [Slot]? {
        guard let first = indices.first, let last = indices.last else { return [] }
        let span = last - first + 1
        let continuous = period == .day ? min(continuousDays, Int64(maximum)) : Int64(maximum)
        if span <= continuous { return (first...last).map { Slot(index: $0, afterGap: false) } }
        guard indices.count <= maximum else { return nil }
        return indices.enumerated().map { position, index in
            Slot(index: index, afterGap: position > 0 && index - indices[position - 1] > 1)
        }
    }

    /// `values` (in order) without repeats next to each other.
    private static func distinctInOrder(_ values: [Int64]) -> [Int64] {
        var result: [Int64] = []
        for value in values where value != result.last { result.append(value) }
        return result
    }
}
