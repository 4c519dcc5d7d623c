import ReceiptKit
import Testing

/// `ReceiptDateParser.parseApplePacific` is the exact inverse of `Timestamp.applePacific`: every `_pst` text
/// reads back as the instant that printed it, except in the hour the clocks repeat, which it refuses.
@Suite struct ApplePacificParsingTests {
    /// Whether `instant` falls in the repeated hour: the same wall-clock text is printed an hour earlier or later.
    static func isAmbiguous(_ instant: Timestamp) -> Bool {
        [-3_600_000, 3_600_000].contains { shift in
            Timestamp(milliseconds: instant.milliseconds + shift).applePacific == instant.applePacific
        }
    }

    /// Every 15 minutes through 2006-2008 (the change of US rules) and 2024, plus far ends of the range.
    static let instants: [Timestamp] = {
        var result: [Timestamp] = []
        for (start, end) in [(1_136_073_600, 1_230_768_000), (1_704_067_200, 1_735_689_600)] {
            result += stride(from: Int64(start), to: Int64(end), by: 900).map { Timestamp(milliseconds: $0 * 1000) }
        }
        return result + [Timestamp(milliseconds: 60_000_000), Timestamp(milliseconds: 64_092_211_200_000)]
    }()

    @Test func everyPrintedPacificTimeReadsBackAsItsInstant() throws {
        #expect(Self.instants.count > 100_000)
        var ambiguous = 0
        for instant in Self.instants {
            let text = instant.applePacific
            if Self.isAmbiguous(instant) {
                ambiguous += 1
                #expect(throws: ReceiptDateParser.Failure.self) { try ReceiptDateParser.parseApplePacific(text) }
            } else {
                #expect(try ReceiptDateParser.parseApplePacific(text) == instant, "\(text)")
            }
        }
        // Two hours a year repeat (both sides of the fall-back), four quarter-hours each: 4 years, 8 instants each.
        #expect(ambiguous == 4 * 8)
    }

    @Test func theSkippedHourNamesNoInstant() throws {
        let failure = #expect(throws: ReceiptDateParser.Failure.self) {
            try ReceiptDateParser.parseApplePacific("2024-03-10 02:30:00 America/Los_Angeles")
        }
        #expect(failure?.reason.contains("skip") == true)
        #expect(
            try ReceiptDateParser.parseApplePacific("2024-03-10 03:00:00 America/Los_Angeles")
                == ReceiptDateParser.parse("2024-03-10T10:00:00Z"))
    }
}
