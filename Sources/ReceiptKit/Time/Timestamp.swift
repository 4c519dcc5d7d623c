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

/// A broken-down UTC (or offset-adjusted) time.
struct CivilTime {
    let year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64

    init(secondsSinceEpoch: Int64) {
        let days = secondsSinceEpoch >= 0 ? secondsSinceEpoch / 86_400 : (secondsSinceEpoch - 86_399) / 86_400
        let secondOfDay = secondsSinceEpoch - days * 86_400
        // H. Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = secondOfDay / 3600
        minute = (secondOfDay / 60) % 60
        second = secondOfDay % 60
    }

    var dateString: String { "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }
    var timeString: String { "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))" }
}

/// Zero-padded decimal.
func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value.magnitude)
    let padded = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    return value < 0 ? "-" + padded : padded
}
