import ReceiptKit

/// One calendar day in a report's clock, as a count of days since 1970-01-01, so that days sort, subtract and fill
/// gaps as integers and render as `YYYY-MM-DD` only at the end.
package struct ReportDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let daysSinceEpoch: Int64

    package init(daysSinceEpoch: Int64) { self.daysSinceEpoch = daysSinceEpoch }

    /// The day that holds `seconds` of wall-clock time (UTC seconds plus the zone's offset).
    init(wallClockSeconds seconds: Int64) {
        let (quotient, remainder) = seconds.quotientAndRemainder(dividingBy: 86_400)
        daysSinceEpoch = remainder < 0 ? quotient - 1 : quotient
    }

    package static func < (lhs: ReportDay, rhs: ReportDay) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    /// `2020-07-22`.
    package var description: String {
        // Report days come from checked timestamps (years 0000-9999), so the product stays far inside Int64;
        // the clamp only keeps a hand-made value from trapping.
        let clamped = min(max(daysSinceEpoch, -10_000_000), 10_000_000)
        return CivilTime(secondsSinceEpoch: clamped * 86_400).dateString
    }

    /// The day after this one.
    package var next: ReportDay { ReportDay(daysSinceEpoch: daysSinceEpoch &+ 1) }
}
