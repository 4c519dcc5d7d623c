/// An instant as whole milliseconds since 1970-01-01T00:00:00Z, the unit of Apple's `*_ms` fields.
///
/// Civil-calendar conversion is done here rather than with Foundation's formatters: it is exact for the whole
/// range receipts use (year 1 to 4001 and beyond), deterministic, thread-safe and cheap on the batch hot path.
///
/// Every value renders without trapping, but only ``supportedRange`` holds instants a receipt or Apple can
/// name; whatever is read from input goes through ``init(checkedMilliseconds:)``, so an absurd `_ms` value is
/// reported rather than carried into date arithmetic where it could overflow.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z (negative before).
    public let milliseconds: Int64

    /// The instants with four-digit UTC years, 0000-01-01T00:00:00Z through 9999-12-31T23:59:59.999Z: every date
    /// RFC 3339 can write, and far inside `Int64`, so sums and differences of two of them cannot overflow.
    public static let supportedRange: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    /// Any instant, in range or not (a clock reading, a constant). Input-derived values use the checked form.
    /// - Parameter milliseconds: Milliseconds since 1970-01-01T00:00:00Z.
    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// The instant when it lies in ``supportedRange``.
    /// - Parameter milliseconds: Milliseconds since 1970-01-01T00:00:00Z, as read from input.
    /// - Throws: `TimestampRangeError` when the value lies outside ``supportedRange``.
    public init(checkedMilliseconds milliseconds: Int64) throws(TimestampRangeError) {
        guard Self.supportedRange.contains(milliseconds) else { throw TimestampRangeError(milliseconds: milliseconds) }
        self.milliseconds = milliseconds
    }

    /// Earlier instants sort first.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// Whole seconds, rounded toward negative infinity (without the `milliseconds - 999` that overflows at the bottom).
    public var seconds: Int64 {
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The milliseconds past ``seconds``, 0-999.
    var millisecondOfSecond: Int64 {
        let remainder = milliseconds % 1000
        return remainder < 0 ? remainder + 1000 : remainder
    }

    /// RFC 3339 in UTC, e.g. `2020-07-22T17:39:08Z` (milliseconds shown only when not zero).
    public var description: String { rfc3339 }

    /// RFC 3339 in UTC, e.g. `2020-07-22T17:39:08Z`, milliseconds shown only when not zero.
    public var rfc3339: String { rendered(appendRFC3339) }

    /// Apple's verifyReceipt rendering in UTC: `2020-07-22 17:39:08 Etc/GMT`.
    public var appleGMT: String { rendered(appendAppleGMT) }

    /// Apple's verifyReceipt rendering in Pacific time: `2020-07-22 10:39:08 America/Los_Angeles`.
    public var applePacific: String { rendered(appendApplePacific) }

    private func rendered(_ append: (inout ByteBuffer) -> Void) -> String {
        var out = ByteBuffer(capacity: 48)
        append(&out)
        return out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
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
