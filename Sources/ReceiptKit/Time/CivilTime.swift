/// A broken-down UTC (or offset-adjusted) time.
package struct CivilTime {
    package let year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64

    /// Total over every `Int64`: floor division by quotient and remainder never overflows, and the day count
    /// it leaves (at most about 1.1e14 in magnitude) keeps the civil arithmetic below far from the limits.
    package init(secondsSinceEpoch: Int64) {
        let (quotient, remainder) = secondsSinceEpoch.quotientAndRemainder(dividingBy: 86_400)
        let days = remainder < 0 ? quotient - 1 : quotient
        let secondOfDay = remainder < 0 ? remainder + 86_400 : remainder
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

    /// Appends `yyyy-MM-dd HH:mm:ss` with `separator` between date and time (`T` or a space); a year outside
    /// 0-9999 keeps every digit and its sign.
    package func append(separator: UInt8, to out: inout ByteBuffer) {
        // Years 0000-9999 (every date input can hold): the 19 bytes are stored with one reservation, since a
        // receipt's dates are most of what its JSON is made of.
        if (0...9999).contains(year) {
            let target = out.reserve(19)
            @inline(__always)
            func pair(_ value: Int64, at position: Int) {
                target[position] = 0x30 &+ UInt8(truncatingIfNeeded: value / 10)
                target[position &+ 1] = 0x30 &+ UInt8(truncatingIfNeeded: value % 10)
            }
            pair(year / 100, at: 0)
            pair(year % 100, at: 2)
            target[4] = 0x2D
            pair(month, at: 5)
            target[7] = 0x2D
            pair(day, at: 8)
            target[10] = separator
            pair(hour, at: 11)
            target[13] = 0x3A
            pair(minute, at: 14)
            target[16] = 0x3A
            pair(second, at: 17)
            out.advance(by: 19)
            return
        }
        appendDate(to: &out)
        out.append(separator)
        Self.appendTwoDigits(hour, to: &out)
        out.append(0x3A)
        Self.appendTwoDigits(minute, to: &out)
        out.append(0x3A)
        Self.appendTwoDigits(second, to: &out)
    }

    /// Appends `yyyy-MM-dd` (a year outside 0-9999 keeps every digit and its sign).
    package func appendDate(to out: inout ByteBuffer) {
        if year < 0 { out.append(0x2D) }
        JSONOutput.appendDigits(year.magnitude, minimumWidth: 4, to: &out)
        out.append(0x2D)
        Self.appendTwoDigits(month, to: &out)
        out.append(0x2D)
        Self.appendTwoDigits(day, to: &out)
    }

    /// `yyyy-MM-dd`, for the report's days.
    package var dateString: String {
        var out = ByteBuffer(capacity: 32)
        appendDate(to: &out)
        return out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Two digits of a value known to be 0-99 (a month, day, hour, minute or second).
    @inline(__always)
    package static func appendTwoDigits(_ value: Int64, to out: inout ByteBuffer) {
        out.append(0x30 + UInt8(truncatingIfNeeded: value / 10))
        out.append(0x30 + UInt8(truncatingIfNeeded: value % 10))
    }

    /// Whether `year` is a leap year of the proleptic Gregorian calendar.
    package static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` (1-12) of `year`; 0 for a month that does not exist.
    package static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }
}

/// Zero-padded decimal, for messages.
package func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value.magnitude)
    let padded = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    return value < 0 ? "-" + padded : padded
}
