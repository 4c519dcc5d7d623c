import Foundation
import ReceiptKit
import Testing

/// The byte-writing date formatters against independent oracles: Foundation's formatters and the tz database
/// (`America/Los_Angeles`) wherever they apply (1976-2100: Foundation uses historical rules elsewhere, such as
/// 1974's year-round daylight time and local mean time before 1883, which receipts never carry), and
/// hand-written expectations for the edge years 0000 and 9999 that Foundation renders with eras.
@Suite struct TimestampFormattingTests {
    private static let utc = TimeZone(identifier: "UTC")
    private static let pacific = TimeZone(identifier: "America/Los_Angeles")

    private static func formatter(_ zone: TimeZone?) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter
    }

    /// Every hour from a day before to a day after each DST change of 1976-2100, the first hour of every month,
    /// and random instants with milliseconds; each in all three renderings.
    private static func instants() -> [Int64] {
        var result: [Int64] = []
        var generator = SystemRandomNumberGenerator()
        let start = Int64(189_302_400)  // 1976-01-01T00:00:00Z
        let end = Int64(4_133_980_800)  // 2101-01-01T00:00:00Z
        let pacific = Self.pacific ?? TimeZone.current
        var date = Date(timeIntervalSince1970: Double(start))
        while let transition = pacific.nextDaylightSavingTimeTransition(after: date),
            transition.timeIntervalSince1970 < Double(end)
        {
            let center = Int64(transition.timeIntervalSince1970)
            for hour in -24...24 { result.append((center + Int64(hour) * 3600) * 1000) }
            // The seconds right around the change.
            for second in [-1, 0, 1] { result.append((center + Int64(second)) * 1000 + 999) }
            date = transition
        }
        for month in 0..<(125 * 12) {
            let components = DateComponents(timeZone: Self.utc, year: 1976 + month / 12, month: month % 12 + 1, day: 1)
            if let first = Calendar(identifier: .gregorian).date(from: components) {
                result.append(Int64(first.timeIntervalSince1970) * 1000)
            }
        }
        for _ in 0..<5000 { result.append(Int64.random(in: start * 1000..<end * 1000, using: &generator)) }
        return result
    }

    @Test func matchesFoundationAndTheTimeZoneDatabase() throws {
        let gmt = Self.formatter(try #require(Self.utc))
        let pacific = Self.formatter(try #require(Self.pacific))
        let iso = ISO8601DateFormatter()
        iso.timeZone = try #require(Self.utc)
        let isoFraction = ISO8601DateFormatter()
        isoFraction.timeZone = try #require(Self.utc)
        isoFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let instants = Self.instants()
        #expect(instants.count > 15_000, "the table of instants is too small: \(instants.count)")
        var transitions = 0
        for milliseconds in instants {
            let timestamp = Timestamp(milliseconds: milliseconds)
            let date = Date(timeIntervalSince1970: Double(timestamp.seconds))
            let millis = milliseconds % 1000
            let exact = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let rfc = millis == 0 ? iso.string(from: date) : isoFraction.string(from: exact)
            #expect(timestamp.rfc3339 == rfc, "\(milliseconds)")
            #expect(timestamp.appleGMT == gmt.string(from: date) + " Etc/GMT", "\(milliseconds)")
            #expect(timestamp.applePacific == pacific.string(from: date) + " America/Los_Angeles", "\(milliseconds)")
            if milliseconds % 3_600_000 == 0 { transitions += 1 }
        }
        #expect(transitions > 10_000)
    }

    /// The buffer writers and the String properties agree, and appending leaves what was there.
    @Test func appendsAfterExistingBytes() {
        let timestamp = Timestamp(milliseconds: 1_601_208_439_686)
        var out = ByteBuffer(capacity: 16)
        out.append(UInt8(ascii: "x"))
        timestamp.appendRFC3339(to: &out)
        timestamp.appendAppleGMT(to: &out)
        timestamp.appendApplePacific(to: &out)
        #expect(
            String(decoding: out.array, as: UTF8.self)
                == "x2020-09-27T12:07:19.686Z2020-09-27 12:07:19 Etc/GMT2020-09-27 05:07:19 America/Los_Angeles")
    }

    /// The ends of the supported range and beyond, written out by hand (Foundation writes eras there).
    @Test(arguments: [
        (
            Int64(-62_167_219_200_000), "0000-01-01T00:00:00Z", "0000-01-01 00:00:00 Etc/GMT",
            "-0001-12-31 16:00:00 America/Los_Angeles"
        ),
        (
            Int64(253_402_300_799_999), "9999-12-31T23:59:59.999Z", "9999-12-31 23:59:59 Etc/GMT",
            "9999-12-31 15:59:59 America/Los_Angeles"
        ),
        (Int64(-1), "1969-12-31T23:59:59.999Z", "1969-12-31 23:59:59 Etc/GMT", "1969-12-31 15:59:59 America/Los_Angeles"),
        (
            Int64(64_092_211_200_000), "4001-01-01T00:00:00Z", "4001-01-01 00:00:00 Etc/GMT",
            "4000-12-31 16:00:00 America/Los_Angeles"
        ),
        (
            Int64(253_402_300_800_000), "10000-01-01T00:00:00Z", "10000-01-01 00:00:00 Etc/GMT",
            "9999-12-31 16:00:00 America/Los_Angeles"
        ),
        (
            Int64(-62_198_755_200_000), "-0001-01-01T00:00:00Z", "-0001-01-01 00:00:00 Etc/GMT",
            "-0002-12-31 16:00:00 America/Los_Angeles"
        ),
        (Int64(100), "1970-01-01T00:00:00.100Z", "1970-01-01 00:00:00 Etc/GMT", "1969-12-31 16:00:00 America/Los_Angeles"),
    ])
    func rendersTheEdges(milliseconds: Int64, rfc3339: String, gmt: String, pacific: String) {
        let timestamp = Timestamp(milliseconds: milliseconds)
        #expect(timestamp.rfc3339 == rfc3339)
        #expect(timestamp.appleGMT == gmt)
        #expect(timestamp.applePacific == pacific)
    }

    /// Extreme values render without trapping.
    @Test func rendersEveryInt64WithoutTrapping() {
        for milliseconds in [Int64.min, Int64.min + 1, Int64.max, Int64.max - 1] {
            let timestamp = Timestamp(milliseconds: milliseconds)
            #expect(!timestamp.rfc3339.isEmpty)
            #expect(timestamp.appleGMT.hasSuffix(" Etc/GMT"))
            #expect(timestamp.applePacific.hasSuffix(" America/Los_Angeles"))
        }
    }
}
