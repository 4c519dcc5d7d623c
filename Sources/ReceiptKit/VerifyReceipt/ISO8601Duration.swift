/// An ISO 8601 duration such as `P1M`, `P1Y`, `P7D`, `PT12H`: the validity of a non-renewing subscription.
///
/// Months and years are calendar months and years (a purchase on 31 January with P1M ends on 29 February or
/// 28 February), as App Store subscription periods are.
public struct ISO8601Duration: Sendable, Equatable, CustomStringConvertible {
    public let years: Int64, months: Int64, days: Int64, seconds: Int64
    public let description: String

    public init?(_ text: String) {
        var years: Int64 = 0, months: Int64 = 0, days: Int64 = 0, seconds: Int64 = 0
        var number: Int64? = nil
        var inTime = false
        var sawUnit = false
        var characters = Array(text.uppercased())
        guard characters.first == "P" else { return nil }
        characters.removeFirst()
        for character in characters {
            if let digit = character.wholeNumberValue {
                number = (number ?? 0) * 10 + Int64(digit)
                continue
            }
            if character == "T" {
                guard number == nil, !inTime else { return nil }
                inTime = true
                continue
            }
            guard let value = number else { return nil }
            switch (character, inTime) {
            case ("Y", false): years += value
            case ("M", false): months += value
            case ("W", false): days += 7 * value
            case ("D", false): days += value
            case ("H", true): seconds += 3600 * value
            case ("M", true): seconds += 60 * value
            case ("S", true): seconds += value
            default: return nil
            }
            number = nil
            sawUnit = true
        }
        guard sawUnit, number == nil else { return nil }
        self.years = years
        self.months = months
        self.days = days
        self.seconds = seconds
        description = text.uppercased()
    }

    /// `start` moved forward by this duration, in UTC calendar arithmetic; a day past the end of a shorter
    /// month clamps to its last day.
    public func added(to start: Timestamp) -> Timestamp {
        let civil = CivilTime(secondsSinceEpoch: start.seconds)
        let monthIndex = civil.month - 1 + months + 12 * years
        let year = civil.year + (monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12)
        let month = ((monthIndex % 12) + 12) % 12 + 1
        let lastDay =
            Timestamp.daysFromCivil(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1)
            - Timestamp.daysFromCivil(year: year, month: month, day: 1)
        let day = min(civil.day, lastDay)
        let dayNumber = Timestamp.daysFromCivil(year: year, month: month, day: day) + days
        let secondsOfDay = civil.hour * 3600 + civil.minute * 60 + civil.second
        let millisecondRemainder = start.milliseconds - start.seconds * 1000
        return Timestamp(milliseconds: (dayNumber * 86_400 + secondsOfDay + seconds) * 1000 + millisecondRemainder)
    }
}
