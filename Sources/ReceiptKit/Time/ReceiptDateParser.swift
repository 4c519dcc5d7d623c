/// Parses the RFC 3339 variants found in receipts: `Z`, fractional seconds, `+0100` and `+01:00` offsets.
///
/// Dates that name no instant (31 February, 29 February outside leap years, month 13, hour 24, minute 60, an
/// offset past 23:59) are refused rather than rolled over into the next day or month, so a forged or corrupted
/// date reads as unreadable instead of as some other date. A leap second (`:60`) is refused as well: Unix time,
/// which Apple's `_ms` values and every instant here count, has no place for it, and accepting it would mean
/// quietly turning it into the following second.
package enum ReceiptDateParser {
    /// Why a date string was refused.
    package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        package let text: String
        package let reason: String

        package var description: String { "\"\(text)\": \(reason)" }
    }

    /// The instant `text` names. An empty string is not a date; callers treat it as "absent" before calling.
    package static func parse(_ text: String) throws(Failure) -> Timestamp {
        var text = text
        return try text.withUTF8 { parse(utf8: $0) }.get()
    }

    /// The instant the UTF-8 text names, or nil when it is not a date: ``parse(_:)`` for the payload decoder,
    /// which reads the text in place and makes a String only for a date it cannot read.
    static func timestamp(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        switch parse(utf8: bytes) {
        case .success(let timestamp): return timestamp
        case .failure: return nil
        }
    }

    private static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Result<Timestamp, Failure> {
        do throws(Failure) {
            var scanner = DateScanner(bytes: bytes)
            let year = try scanner.number(4, "year")
            try scanner.literal(0x2D, 0x2D, 0x2D, "'-'")
            let month = try scanner.number(2, "month")
            try scanner.literal(0x2D, 0x2D, 0x2D, "'-'")
            let day = try scanner.number(2, "day")
            try scanner.literal(0x54, 0x74, 0x20, "'T'")
            let hour = try scanner.number(2, "hour")
            try scanner.literal(0x3A, 0x3A, 0x3A, "':'")
            let minute = try scanner.number(2, "minute")
            try scanner.literal(0x3A, 0x3A, 0x3A, "':'")
            let second = try scanner.number(2, "second")
            try checkFields(scanner, year: year, month: month, day: day, hour: hour, minute: minute, second: second)
            let millis = try scanner.fraction()
            let offset = try scanner.zoneOffset()
            guard scanner.isAtEnd else { throw scanner.failure("unexpected text after the date") }
            // Four-digit years keep every term below within about 3.2e14, far from overflow; the range check
            // refuses what an offset pushes past year 0000 or 9999.
            let days = Timestamp.daysFromCivil(year: year, month: month, day: day)
            let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
            do {
                return .success(try Timestamp(checkedMilliseconds: seconds * 1000 + millis))
            } catch {
                throw scanner.failure("the instant is \(TimestampRangeError.rangeText)")
            }
        } catch {
            return .failure(error)
        }
    }

    /// Refuses fields that name no instant instead of rolling them over.
    private static func checkFields(
        _ scanner: DateScanner, year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64
    ) throws(Failure) {
        guard (1...12).contains(month) else { throw scanner.failure("month \(month) does not exist") }
        guard (1...CivilTime.daysInMonth(year: year, month: month)).contains(day) else {
            throw scanner.failure("day \(day) does not exist in \(pad(year, 4))-\(pad(month, 2))")
        }
        guard hour < 24 else { throw scanner.failure("hour \(hour) is out of range (00-23)") }
        guard minute < 60 else { throw scanner.failure("minute \(minute) is out of range (00-59)") }
        guard second < 60 else { throw scanner.failure("second \(second) is out of range (00-59, no leap seconds)") }
    }

    /// A count of milliseconds since 1970 written as decimal text, as in Apple's `_ms` fields.
    package static func parseMilliseconds(_ text: String) throws(Failure) -> Timestamp {
        guard let milliseconds = Int64(text) else {
            throw Failure(text: text, reason: "not a whole number of milliseconds that fits in 64 bits")
        }
        do throws(TimestampRangeError) {
            return try Timestamp(checkedMilliseconds: milliseconds)
        } catch {
            throw Failure(text: text, reason: TimestampRangeError.rangeText)
        }
    }

    /// A cursor over the date text: fixed-width numbers, punctuation, fraction and zone. The text is made into a
    /// String only for a failure.
    private struct DateScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        func failure(_ reason: String) -> Failure {
            Failure(text: String(decoding: bytes, as: UTF8.self), reason: reason)
        }

        var isAtEnd: Bool { index == bytes.count }

        mutating func number(_ width: Int, _ field: String) throws(Failure) -> Int64 {
            guard index + width <= bytes.count else { throw failure("\(field) is cut off") }
            var value: Int64 = 0
            for byte in bytes[index..<(index + width)] {
                guard byte >= 0x30, byte <= 0x39 else { throw failure("\(field) is not a number") }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += width
            return value
        }

        /// One of the three bytes `a`, `b`, `c` (fixed, so no array is made per call).
        mutating func literal(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ what: String) throws(Failure) {
            guard index < bytes.count, bytes[index] == a || bytes[index] == b || bytes[index] == c else {
                throw failure("expected \(what) at character \(index)")
            }
            index += 1
        }

        /// Fractional seconds as milliseconds (digits past the third are read and dropped); 0 when absent.
        mutating func fraction() throws(Failure) -> Int64 {
            guard index < bytes.count, bytes[index] == 0x2E else { return 0 }
            index += 1
            var millis: Int64 = 0
            var digits = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                if digits < 3 { millis = millis * 10 + Int64(bytes[index] - 0x30) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { throw failure("empty fractional seconds") }
            for _ in digits..<max(digits, 3) { millis *= 10 }
            return millis
        }

        /// `Z`, or `+hh:mm` / `+hhmm` as seconds east of UTC.
        mutating func zoneOffset() throws(Failure) -> Int64 {
            guard index < bytes.count else { throw failure("missing time zone") }
            switch bytes[index] {
            case 0x5A, 0x7A:
                index += 1
                return 0
            case 0x2B, 0x2D:
                let sign: Int64 = bytes[index] == 0x2D ? -1 : 1
                index += 1
                let hours = try number(2, "offset hours")
                if index < bytes.count, bytes[index] == 0x3A { index += 1 }
                let minutes = try number(2, "offset minutes")
                guard hours < 24, minutes < 60 else {
                    throw failure("offset \(pad(hours, 2)):\(pad(minutes, 2)) is out of range (at most 23:59)")
                }
                return sign * (hours * 3600 + minutes * 60)
            default:
                throw failure("unknown time zone designator")
            }
        }
    }

    /// Parses Apple's verifyReceipt rendering `2020-07-22 17:39:08 Etc/GMT` (also with `GMT` or `UTC`).
    package static func parseAppleGMT(_ text: String) throws(Failure) -> Timestamp {
        for suffix in [" Etc/GMT", " GMT", " UTC"] where text.hasSuffix(suffix) {
            do {
                return try parse(String(text.dropLast(suffix.count)) + "Z")
            } catch {
                throw Failure(text: text, reason: error.reason)
            }
        }
        throw Failure(text: text, reason: "expected a date ending in Etc/GMT")
    }
}
