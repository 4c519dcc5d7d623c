/// Parses the RFC 3339 variants found in receipts: `Z`, fractional seconds, `+0100` and `+01:00` offsets.
public enum ReceiptDateParser {
    /// Why a date string was refused.
    public struct Failure: Error, Equatable, Sendable {
        public let text: String
        public let reason: String
    }

    /// The instant `text` names. An empty string is not a date; callers treat it as "absent" before calling.
    public static func parse(_ text: String) throws(Failure) -> Timestamp {
        var scanner = DateScanner(text: text)
        let year = try scanner.number(4, "year")
        try scanner.literal([0x2D], "'-'")
        let month = try scanner.number(2, "month")
        try scanner.literal([0x2D], "'-'")
        let day = try scanner.number(2, "day")
        try scanner.literal([0x54, 0x74, 0x20], "'T'")
        let hour = try scanner.number(2, "hour")
        try scanner.literal([0x3A], "':'")
        let minute = try scanner.number(2, "minute")
        try scanner.literal([0x3A], "':'")
        let second = try scanner.number(2, "second")
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else {
            throw Failure(text: text, reason: "field out of range")
        }
        let millis = try scanner.fraction()
        let offset = try scanner.zoneOffset()
        guard scanner.isAtEnd else { throw Failure(text: text, reason: "unexpected text after the date") }
        let days = Timestamp.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Timestamp(milliseconds: seconds * 1000 + millis)
    }

    /// A cursor over the date text: fixed-width numbers, punctuation, fraction and zone.
    private struct DateScanner {
        let text: String
        let bytes: [UInt8]
        var index = 0

        init(text: String) {
            self.text = text
            bytes = Array(text.utf8)
        }

        var isAtEnd: Bool { index == bytes.count }

        mutating func number(_ width: Int, _ field: String) throws(Failure) -> Int64 {
            guard index + width <= bytes.count else { throw Failure(text: text, reason: "\(field) is cut off") }
            var value: Int64 = 0
            for byte in bytes[index..<(index + width)] {
                guard byte >= 0x30, byte <= 0x39 else { throw Failure(text: text, reason: "\(field) is not a number") }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += width
            return value
        }

        mutating func literal(_ allowed: [UInt8], _ what: String) throws(Failure) {
            guard index < bytes.count, allowed.contains(bytes[index]) else {
                throw Failure(text: text, reason: "expected \(what) at character \(index)")
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
            guard digits > 0 else { throw Failure(text: text, reason: "empty fractional seconds") }
            for _ in digits..<max(digits, 3) { millis *= 10 }
            return millis
        }

        /// `Z`, or `+hh:mm` / `+hhmm` as seconds east of UTC.
        mutating func zoneOffset() throws(Failure) -> Int64 {
            guard index < bytes.count else { throw Failure(text: text, reason: "missing time zone") }
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
                guard hours < 24, minutes < 60 else { throw Failure(text: text, reason: "offset out of range") }
                return sign * (hours * 3600 + minutes * 60)
            default:
                throw Failure(text: text, reason: "unknown time zone designator")
            }
        }
    }

    /// Parses Apple's verifyReceipt rendering `2020-07-22 17:39:08 Etc/GMT` (also with `GMT` or `UTC`).
    public static func parseAppleGMT(_ text: String) throws(Failure) -> Timestamp {
        for suffix in [" Etc/GMT", " GMT", " UTC"] where text.hasSuffix(suffix) {
            return try parse(String(text.dropLast(suffix.count)) + "Z")
        }
        throw Failure(text: text, reason: "expected a date ending in Etc/GMT")
    }
}
