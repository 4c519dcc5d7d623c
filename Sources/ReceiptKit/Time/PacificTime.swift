/// UTC offset of America/Los_Angeles, which Apple uses for every `*_pst` field despite the name (DST applies).
///
/// The US rules since 2007 (second Sunday of March to first Sunday of November, changes at 02:00 local) and
/// 1987-2006 (first Sunday of April to last Sunday of October) cover every date the App Store has produced;
/// later years, such as Xcode's 4001 expiry, follow the current rule as the tz database does.
package enum PacificTime {
    static let standardOffset: Int64 = -8 * 3600
    static let daylightOffset: Int64 = -7 * 3600

    /// Seconds to add to a UTC instant to get Pacific wall-clock time.
    package static func offsetSeconds(at utcSeconds: Int64) -> Int64 {
        let year = CivilTime(secondsSinceEpoch: utcSeconds + standardOffset).year
        let (start, end) = daylightBounds(year: year)
        return utcSeconds >= start && utcSeconds < end ? daylightOffset : standardOffset
    }

    /// UTC instants at which daylight time starts and ends in `year`: from a table for 1970-2199 (worked out
    /// once, since a receipt's `_pst` dates each ask), computed for the years outside it.
    static func daylightBounds(year: Int64) -> (Int64, Int64) {
        guard tabulatedYears.contains(year) else { return computedDaylightBounds(year: year) }
        let bounds = tabulatedBounds[Int(year - tabulatedYears.lowerBound)]
        return (bounds.start, bounds.end)
    }

    private static let tabulatedYears: ClosedRange<Int64> = 1970...2199
    private static let tabulatedBounds: [(start: Int64, end: Int64)] = tabulatedYears.map { year in
        let (start, end) = computedDaylightBounds(year: year)
        return (start, end)
    }

    /// The daylight bounds of `year` by the rules above.
    static func computedDaylightBounds(year: Int64) -> (Int64, Int64) {
        let startDay: Int64
        let endDay: Int64
        if year >= 2007 {
            startDay = nthSunday(2, year: year, month: 3)
            endDay = nthSunday(1, year: year, month: 11)
        } else if year >= 1987 {
            startDay = nthSunday(1, year: year, month: 4)
            endDay = lastSunday(year: year, month: 10)
        } else {
            startDay = lastSunday(year: year, month: 4)
            endDay = lastSunday(year: year, month: 10)
        }
        // 02:00 PST is 10:00 UTC; 02:00 PDT is 09:00 UTC.
        return (startDay * 86_400 + 10 * 3600, endDay * 86_400 + 9 * 3600)
    }

    private static func weekday(_ days: Int64) -> Int64 {
        // 1970-01-01 was a Thursday; 0 = Sunday.
        ((days % 7) + 7 + 4) % 7
    }

    private static func nthSunday(_ n: Int64, year: Int64, month: Int64) -> Int64 {
        let first = Timestamp.daysFromCivil(year: year, month: month, day: 1)
        let untilSunday = (7 - weekday(first)) % 7
        return first + untilSunday + (n - 1) * 7
    }

    private static func lastSunday(year: Int64, month: Int64) -> Int64 {
        let nextMonthFirst =
            month == 12
            ? Timestamp.daysFromCivil(year: year + 1, month: 1, day: 1)
            : Timestamp.daysFromCivil(year: year, month: month + 1, day: 1)
        let last = nextMonthFirst - 1
        return last - weekday(last)
    }
}
