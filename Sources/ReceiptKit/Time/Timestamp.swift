/// An instant as whole milliseconds since 1970-01-01T00:00:00Z, the unit of Apple's `*_ms` fields.
///
/// Civil-calendar conversion is done here rather than with Foundation's formatters: it is exact for the whole
/// range receipts use (year 1 to 4001 and beyond), deterministic, thread-safe and cheap on the batch hot path.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let milliseconds: Int64

    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// Whole seconds, rounded toward negative infinity.
    public var seconds: Int64 { milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000 }

    /// RFC 3339 in UTC, e.g. `2020-07-22T17:39:08Z` (milliseconds shown only when not zero).
    public var description: String { rfc3339 }

    public var rfc3339: String {
        let civil = CivilTime(secondsSinceEpoch: seconds)
        let millis = milliseconds - seconds * 1000
        let fraction = millis == 0 ? "" : "." + pad(Int64(millis), 3)
        return "\(civil.dateString)T\(civil.timeString)\(fraction)Z"
    }

    /// Apple's verifyReceipt rendering in UTC: `2020-07-22 17:39:08 Etc/GMT`.
    public var appleGMT: String {
        let civil = CivilTime(secondsSinceEpoch: seconds)
        return "\(civil.dateString) \(civil.timeString) Etc/GMT"
    }

    /// Apple's verifyReceipt rendering in Pacific time: `2020-07-22 10:39:08 America/Los_Angeles`.
    public var applePacific: String {
        let civil = CivilTime(secondsSinceEpoch: seconds + PacificTime.offsetSeconds(at: seconds))
        return "\(civil.dateString) \(civil.timeString) America/Los_Angeles"
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
