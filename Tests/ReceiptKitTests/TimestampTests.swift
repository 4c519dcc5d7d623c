import Foundation
import ReceiptKit
import Testing

@Suite struct TimestampTests {
    /// Values from the RevenueCat receipt/response pair: Apple's own rendering of 2020-07-22T17:39:08Z.
    @Test func rendersAppleTripletLikeVerifyReceipt() throws {
        let timestamp = try ReceiptDateParser.parse("2020-07-22T17:39:08Z")
        let triplet = try rendered { output in
            output.beginObject()
            output.appleTriplet("receipt_creation_date", timestamp)
            output.endObject()
        }
        #expect(
            triplet
                == .object([
                    "receipt_creation_date": .string("2020-07-22 17:39:08 Etc/GMT"),
                    "receipt_creation_date_ms": .string("1595439548000"),
                    "receipt_creation_date_pst": .string("2020-07-22 10:39:08 America/Los_Angeles"),
                ]))
        // Winter: standard time, eight hours behind (sandbox original_purchase_date in the same response).
        #expect(try ReceiptDateParser.parse("2013-08-01T07:00:00Z").applePacific == "2013-08-01 00:00:00 America/Los_Angeles")
        #expect(try ReceiptDateParser.parse("2015-01-10T12:00:00Z").applePacific == "2015-01-10 04:00:00 America/Los_Angeles")
    }

    @Test(arguments: [
        ("2020-07-22T17:39:08Z", Int64(1_595_439_548_000)),
        ("2020-09-27T12:07:19.686Z", Int64(1_601_208_439_686)),
        ("2020-09-27T12:07:19.6Z", Int64(1_601_208_439_600)),
        ("2020-07-22T18:39:08+0100", Int64(1_595_439_548_000)),
        ("2020-07-22T18:39:08+01:00", Int64(1_595_439_548_000)),
        ("2020-07-22T10:39:08-07:00", Int64(1_595_439_548_000)),
        ("4001-01-01T00:00:00Z", Int64(64_092_211_200_000)),
        ("4001-01-01T00:00:00+0000", Int64(64_092_211_200_000)),
    ])
    func parsesEveryReceiptDateForm(text: String, milliseconds: Int64) throws {
        #expect(try ReceiptDateParser.parse(text).milliseconds == milliseconds)
    }

    @Test(arguments: ["", "2020-07-22", "2020-07-22T17:39:08", "2020-13-01T00:00:00Z", "2020-07-22T17:39:08Zjunk", "yesterday"])
    func refusesWhatIsNotADate(text: String) {
        #expect(throws: ReceiptDateParser.Failure.self) { try ReceiptDateParser.parse(text) }
    }

    /// The hand-written Pacific rules agree with the tz database for every hour around each DST change.
    @Test func pacificOffsetMatchesTimeZoneDatabase() throws {
        let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        var checked = 0
        for year in [1995, 2006, 2007, 2015, 2020, 2024, 2030] {
            for day in stride(from: 0, to: 366, by: 3) {
                let seconds =
                    Int64(
                        Date(timeIntervalSince1970: 0).addingTimeInterval(
                            Double(
                                Calendar(identifier: .gregorian).date(
                                    from: DateComponents(timeZone: TimeZone(identifier: "UTC"), year: year, month: 1, day: 1))!
                                    .timeIntervalSince1970)
                        ).timeIntervalSince1970) + Int64(day) * 86_400 + 3600 * Int64(day % 24)
                let timestamp = Timestamp(milliseconds: seconds * 1000)
                let expected = formatter.string(from: Date(timeIntervalSince1970: Double(seconds))) + " America/Los_Angeles"
                #expect(timestamp.applePacific == expected, "\(timestamp)")
                checked += 1
            }
        }
        #expect(checked > 800)
    }

    @Test func rfc3339RoundTrips() throws {
        for text in ["1970-01-01T00:00:00Z", "2013-08-01T07:00:00Z", "2020-09-27T12:07:19.686Z", "4001-01-01T00:00:00Z"] {
            #expect(try ReceiptDateParser.parse(text).rfc3339 == text)
        }
    }
}
