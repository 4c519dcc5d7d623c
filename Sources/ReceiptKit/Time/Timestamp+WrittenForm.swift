/// Reading back the RFC 3339 text ``Timestamp/appendRFC3339(to:)`` writes, for every instant it can write.
///
/// The writer is total over `Int64` milliseconds: a year outside 0000-9999 keeps its sign and every digit
/// (`-0001-12-31T23:59:59Z`, `10000-01-01T00:00:00Z`), as ISO 8601's expanded years do. Signed data can carry such
/// a date (a JWS `purchaseDate` of 253402300800000 ms is 10000-01-01), so the tool's own readers of its output
/// (`summarize`, `report`) take the same forms back; anything else is refused.
extension Timestamp {
    /// Years beyond this magnitude lie outside `Int64` milliseconds (about ±292 million years) in any case; the
    /// bound keeps the civil arithmetic below exact and far from overflow.
    static let writtenYearLimit: Int64 = 300_000_000

    /// The instant `text` names when it is in the written form: `[-]YYYY[Y...]-MM-DDTHH:MM:SS[.mmm]Z`.
    package init?(writtenRFC3339 text: String) {
        var bytes = Substring(text).utf8[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        let yearDigits = bytes.prefix { (0x30...0x39).contains($0) }
        // Four digits, or more without a leading zero; a negative year is never -0000.
        guard (4...9).contains(yearDigits.count), yearDigits.count == 4 || yearDigits.first != 0x30,
            let magnitude = Self.decimal(yearDigits), magnitude <= Self.writtenYearLimit, !negative || magnitude > 0
        else { return nil }
        bytes = bytes.dropFirst(yearDigits.count)
        let year = negative ? -magnitude : magnitude
        guard let rest = Self.timeOfDay(bytes, year: year) else { return nil }
        // Before 1970 the day's start can lie below Int64.min although the instant does not: count from the
        // next day's start instead.
        var days = Timestamp.daysFromCivil(year: year, month: rest.month, day: rest.day)
        var intoDay = rest.milliseconds
        if days < 0 {
            days += 1
            intoDay -= 86_400_000
        }
        let (dayMillis, overflow) = days.multipliedReportingOverflow(by: 86_400_000)
        let (total, overflowTotal) = dayMillis.addingReportingOverflow(intoDay)
        guard !overflow, !overflowTotal else { return nil }
        self.init(milliseconds: total)
    }

    /// `-MM-DDTHH:MM:SS[.mmm]Z`: the month, the day, and the milliseconds into that day.
    private static func timeOfDay(_ bytes: Substring.UTF8View.SubSequence, year: Int64)
        -> (month: Int64, day: Int64, milliseconds: Int64)?
    {
        let text = Array(bytes)
        guard text.count == 16 || text.count == 20 else { return nil }
        let separators: [(Int, UInt8)] = [(0, 0x2D), (3, 0x2D), (6, 0x54), (9, 0x3A), (12, 0x3A)]
        guard separators.allSatisfy({ text[$0.0] == $0.1 }), text.last == UInt8(ascii: "Z") else { return nil }
        guard let month = decimal(text[1..<3]), let day = decimal(text[4..<6]), let hour = decimal(text[7..<9]),
            let minute = decimal(text[10..<12]), let second = decimal(text[13..<15])
        else { return nil }
        var millis: Int64 = 0
        if text.count == 20 {
            // The writer adds a fraction only when it is not zero.
            guard text[15] == 0x2E, let fraction = decimal(text[16..<19]), fraction != 0 else { return nil }
            millis = fraction
        }
        guard (1...12).contains(month), (1...CivilTime.daysInMonth(year: year, month: month)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        return (month, day, ((hour * 60 + minute) * 60 + second) * 1000 + millis)
    }

    /// The value of a run of ASCII digits (at most 18, so it cannot overflow); nil for anything else.
    private static func decimal(_ digits: some Collection<UInt8>) -> Int64? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value: Int64 = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            value = value * 10 + Int64(digit - 0x30)
        }
        return value
    }
}
