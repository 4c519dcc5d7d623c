package import ReceiptKit

/// The clock a report counts days in: UTC, the Pacific time of Apple's `*_pst` fields, or a fixed UTC offset.
///
/// A day boundary decides on which day a purchase is counted, so a team that reads App Store Connect (which uses
/// Pacific time for its daily reports) can ask for the same days, and a team elsewhere for its own.
package enum ReportTimeZone: Sendable, Equatable {
    case utc
    /// America/Los_Angeles with daylight saving, by the same rules that print the `*_pst` fields.
    case pacific
    /// A fixed offset east of UTC, in seconds (at most 23:59 either way).
    case fixed(offsetSeconds: Int64)

    /// Why a `--tz` value was refused.
    package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// `UTC` (also `Etc/GMT`, `Z`), `America/Los_Angeles` (also `pacific`), or an offset `+05:30`, `-0800`, `+09`.
    package init(parsing text: String) throws(Failure) {
        switch text.lowercased() {
        case "utc", "z", "etc/gmt", "gmt", "etc/utc": self = .utc
        case "america/los_angeles", "pacific": self = .pacific
        default:
            guard let offset = Self.offsetSeconds(text) else {
                throw Failure(
                    description: "a time zone is UTC, America/Los_Angeles (Apple's Pacific time) or an offset such as "
                        + "+05:30 or -08:00, not '\(text)'")
            }
            self = .fixed(offsetSeconds: offset)
        }
    }

    /// `+HH:MM`, `+HHMM` or `+HH` (or `-`), hours 0-23 and minutes 0-59; nil for anything else.
    static func offsetSeconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        var digits = Array(bytes.dropFirst())
        if digits.count == 5, digits[2] == UInt8(ascii: ":") { digits.remove(at: 2) }
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let value = { (index: Int) in Int64(digits[index] - 0x30) * 10 + Int64(digits[index + 1] - 0x30) }
        let hours = value(0)
        let minutes = digits.count == 4 ? value(2) : 0
        guard hours <= 23, minutes <= 59 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -seconds : seconds
    }

    /// How reports name the zone: `UTC`, `America/Los_Angeles`, `+05:30`.
    package var name: String {
        switch self {
        case .utc: return "UTC"
        case .pacific: return "America/Los_Angeles"
        case .fixed(let offset):
            let magnitude = offset.magnitude
            return (offset < 0 ? "-" : "+") + pad(Int64(magnitude / 3600), 2) + ":" + pad(Int64(magnitude % 3600 / 60), 2)
        }
    }

    /// The day in this zone that holds `instant`.
    package func day(of instant: Timestamp) -> ReportDay {
        let seconds = instant.seconds
        switch self {
        case .utc: return ReportDay(wallClockSeconds: seconds)
        case .pacific: return ReportDay(wallClockSeconds: seconds &+ PacificTime.offsetSeconds(at: seconds))
        case .fixed(let offset): return ReportDay(wallClockSeconds: seconds &+ offset)
        }
    }
}
