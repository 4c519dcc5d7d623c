/// An ISO 8601 duration such as `P1M`, `P1Y`, `P7D`, `PT12H`: the validity of a non-renewing subscription.
///
/// Months and years are calendar months and years (a purchase on 31 January with P1M ends on 29 February or
/// 28 February), as App Store subscription periods are.
///
/// The text comes from the command line or a file, so each number is bounded (``maximumNumber``) and every
/// step of ``added(to:)`` is checked: `P999999999999999999Y` is refused with a reason instead of overflowing.
public struct ISO8601Duration: Sendable, Equatable, CustomStringConvertible {
    /// The designators' numbers (a week is seven days; hours, minutes and seconds are counted in seconds).
    public let years: Int64, months: Int64, days: Int64, seconds: Int64
    /// The duration as it was written.
    public let description: String

    /// The largest number one designator may carry: 10,000 years of seconds, more than any term needs, and small
    /// enough that the totals below (at most 3,600 times it per unit) stay far inside `Int64`.
    public static let maximumNumber: Int64 = 315_569_520_000

    /// Why a duration was refused.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The text as given.
        public let text: String
        /// What is wrong with it.
        public let reason: String

        /// The text and the reason, for an error message.
        public var description: String { "'\(text)' is not an ISO 8601 duration: \(reason)" }
    }

    /// Reads `PnYnMnWnDTnHnMnS` (each part optional, at least one present).
    /// - Parameter text: The duration, e.g. `P1M`.
    /// - Throws: `Failure` naming what is wrong with the text.
    public init(_ text: String) throws(Failure) {
        var years: Int64 = 0, months: Int64 = 0, days: Int64 = 0, seconds: Int64 = 0
        var number: Int64? = nil
        var inTime = false
        var sawUnit = false
        var seen: Set<String> = []
        var characters = Array(text.uppercased())
        guard characters.first == "P" else { throw Failure(text: text, reason: "it does not start with P") }
        characters.removeFirst()
        for character in characters {
            if let digit = character.wholeNumberValue, character.isASCII {
                let next = (number ?? 0) * 10 + Int64(digit)
                guard next <= Self.maximumNumber else {
                    throw Failure(text: text, reason: "a number is larger than \(Self.maximumNumber)")
                }
                number = next
                continue
            }
            if character == "T" {
                guard number == nil, !inTime else { throw Failure(text: text, reason: "misplaced T") }
                inTime = true
                continue
            }
            guard let value = number else { throw Failure(text: text, reason: "'\(character)' has no number before it") }
            let designator = (inTime ? "T" : "") + String(character)
            guard seen.insert(designator).inserted else {
                throw Failure(text: text, reason: "'\(character)' appears twice")
            }
            // Each designator appears once and is at most maximumNumber, so no sum or product here can overflow.
            switch (character, inTime) {
            case ("Y", false): years = value
            case ("M", false): months = value
            case ("W", false): days += 7 * value
            case ("D", false): days += value
            case ("H", true): seconds += 3600 * value
            case ("M", true): seconds += 60 * value
            case ("S", true): seconds += value
            default: throw Failure(text: text, reason: "'\(character)' is not a designator here")
            }
            number = nil
            sawUnit = true
        }
        guard sawUnit, number == nil else { throw Failure(text: text, reason: "it does not end with a designator") }
        self.years = years
        self.months = months
        self.days = days
        self.seconds = seconds
        description = text.uppercased()
    }

    /// `start` moved forward by this duration, in UTC calendar arithmetic; a day past the end of a shorter
    /// month clamps to its last day. Nil when `start` or the end lies outside ``Timestamp/supportedRange``:
    /// such a term has no end the tool can name.
    /// - Parameter start: When the term begins (a purchase date).
    /// - Returns: When the term ends.
    public func added(to start: Timestamp) -> Timestamp? {
        guard Timestamp.supportedRange.contains(start.milliseconds) else { return nil }
        let civil = CivilTime(secondsSinceEpoch: start.seconds)
        // The components are at most maximumNumber each, so the month and year arithmetic stays far inside Int64;
        // the seconds and milliseconds totals are the steps that can overflow, and are checked.
        let monthIndex = civil.month - 1 + months + 12 * years
        let year = civil.year + monthIndex / 12
        let month = monthIndex % 12 + 1
        guard year <= 10_000 else { return nil }
        let day = min(civil.day, CivilTime.daysInMonth(year: year, month: month))
        let dayNumber = Timestamp.daysFromCivil(year: year, month: month, day: day) + days
        let secondsOfDay = civil.hour * 3600 + civil.minute * 60 + civil.second
        guard
            let milliseconds = Checked.sum(
                Checked.product(Checked.sum(Checked.product(dayNumber, 86_400), secondsOfDay, seconds), 1000),
                start.millisecondOfSecond),
            Timestamp.supportedRange.contains(milliseconds)
        else { return nil }
        return Timestamp(milliseconds: milliseconds)
    }
}
