import ReceiptKit

/// How much time one bar of a chart covers: a day, a week (Monday to Sunday), a calendar month, or a run of
/// years aligned on a multiple of its length (1, 10, 100, ... years). A chart whose days do not fit one bar each
/// moves to the next coarser period (``coarser``), so its width stays readable however many days the input has.
enum ChartPeriod: Equatable {
    case day
    case week
    case month
    /// `length` years from a multiple of `length` (1, 10, 100, ...).
    case years(Int64)

    /// Days outside this range are placed at its ends: the day arithmetic below (`days * 86,400` seconds in
    /// ``CivilTime``) then stays far inside `Int64` for any ``ReportDay``, even a hand-made one.
    static let representableDays: ClosedRange<Int64> = -100_000_000_000_000...100_000_000_000_000

    /// The next period tried when this one gives too many bars; nil after the longest.
    var coarser: ChartPeriod? {
        switch self {
        case .day: return .week
        case .week: return .month
        case .month: return .years(1)
        case .years(let length): return length < 1_000_000_000_000 ? .years(length * 10) : nil
        }
    }

    /// The number of the period that holds `day`; consecutive periods have consecutive numbers, and a later day
    /// never has a smaller one.
    func index(of day: ReportDay) -> Int64 {
        let days = Self.clamped(day.daysSinceEpoch)
        switch self {
        case .day: return days
        // 1970-01-01 was a Thursday: week 0 starts on Monday 1969-12-29, three days before.
        case .week: return Self.floorDivision(days + 3, 7)
        case .month:
            let civil = CivilTime(secondsSinceEpoch: days * 86_400)
            return civil.year * 12 + civil.month - 1
        case .years(let length): return Self.floorDivision(CivilTime(secondsSinceEpoch: days * 86_400).year, length)
        }
    }

    /// How period `index` is written under its bar: `2024-03-07` (a day; a week by its Monday), `2024-03`,
    /// `2024`, `2020-2029`.
    func label(_ index: Int64) -> String {
        switch self {
        case .day: return ReportDay(daysSinceEpoch: index).description
        case .week: return ReportDay(daysSinceEpoch: index * 7 - 3).description
        case .month:
            return Self.year(Self.floorDivision(index, 12)) + "-" + pad(index - Self.floorDivision(index, 12) * 12 + 1, 2)
        case .years(1): return Self.year(index)
        case .years(let length): return Self.year(index * length) + "-" + Self.year(index * length + length - 1)
        }
    }

    /// Period `index` in a tooltip: `week of 2024-03-04`, else its label.
    func tooltip(_ index: Int64) -> String { self == .week ? "week of " + label(index) : label(index) }

    /// `day`, `week`, `month`, `year`, `10 years`: in "Events per week".
    var name: String {
        switch self {
        case .day: return "day"
        case .week: return "week"
        case .month: return "month"
        case .years(1): return "year"
        case .years(let length): return "\(length) years"
        }
    }

    /// `days`, `weeks`, ... `10-year periods`: in "Weeks without events are left out".
    var plural: String {
        switch self {
        case .years(let length) where length > 1: return "\(length)-year periods"
        default: return name + "s"
        }
    }

    /// What one bar covers, said under the axis after "purchase" and the like: `day`, `week, Monday to Sunday`,
    /// `month`, `year`, `date, in 10-year periods`.
    var axisName: String {
        switch self {
        case .week: return "week, Monday to Sunday"
        case .years(let length) where length > 1: return "date, in \(plural)"
        default: return name
        }
    }

    private static func clamped(_ days: Int64) -> Int64 {
        min(max(days, representableDays.lowerBound), representableDays.upperBound)
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> Int64 {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// A year with at least four digits (`0980`, `2024`, `-0001`, `12000`).
    private static func year(_ year: Int64) -> String { pad(year, 4) }
}
