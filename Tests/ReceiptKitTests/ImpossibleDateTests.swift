import ReceiptKit
import ReceiptTestSupport
import TestSupport
import Testing

/// Dates that name no instant are refused with a reason, never rolled over into a neighbouring day or month.
@Suite struct ImpossibleDateTests {
    @Test(arguments: [
        ("2024-02-31T12:00:00Z", "day 31"),
        ("2023-02-29T00:00:00Z", "day 29"),
        ("2100-02-29T00:00:00Z", "day 29"),
        ("2024-04-31T00:00:00Z", "day 31"),
        ("2024-01-00T00:00:00Z", "day 0"),
        ("2024-13-01T00:00:00Z", "month 13"),
        ("2024-00-10T00:00:00Z", "month 0"),
        ("2024-01-01T24:00:00Z", "hour 24"),
        ("2024-01-01T23:60:00Z", "minute 60"),
        ("2024-12-31T23:59:60Z", "second 60"),
        ("2016-12-31T23:59:60Z", "second 60"),
        ("2024-01-01T00:00:00+24:00", "offset 24:00"),
        ("2024-01-01T00:00:00-2360", "offset 23:60"),
        ("0000-01-01T00:00:00+00:01", "outside the supported range"),
    ])
    func impossibleReceiptDatesAreRefused(text: String, reason: String) {
        do {
            let parsed = try ReceiptDateParser.parse(text)
            Issue.record("\(text) was read as \(parsed)")
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test(arguments: [
        ("2024-02-29T00:00:00Z", "2024-02-29T00:00:00Z"),
        ("2000-02-29T12:00:00Z", "2000-02-29T12:00:00Z"),
        ("2024-12-31T23:59:59Z", "2024-12-31T23:59:59Z"),
        ("2024-01-01T00:00:00+23:59", "2023-12-31T00:01:00Z"),
        ("2024-01-01T00:00:00-2359", "2024-01-01T23:59:00Z"),
        ("0000-01-01T00:00:00Z", "0000-01-01T00:00:00Z"),
        ("9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z"),
    ])
    func possibleEdgesStillParse(text: String, expected: String) throws {
        #expect(try ReceiptDateParser.parse(text).rfc3339 == expected)
    }

    @Test func appleFormattedDatesAreCheckedAndNamed() {
        do {
            _ = try ReceiptDateParser.parseAppleGMT("2024-02-30 10:00:00 Etc/GMT")
            Issue.record("30 February was accepted")
        } catch {
            #expect(error.text == "2024-02-30 10:00:00 Etc/GMT")
            #expect(error.reason.contains("day 30"))
        }
    }

    /// A signed receipt (test PKI) whose creation date is 31 February and whose original purchase date has a leap
    /// second: both read as unreadable, with a warning that names the attribute.
    @Test func impossibleReceiptAttributesAreFlagged() throws {
        let receipt = try appReceipt("regressions/receipt-impossible-dates.b64").receipt
        #expect(receipt.creationDate == nil)
        #expect(receipt.originalPurchaseDate == nil)
        let warnings = receipt.warnings
        #expect(warnings.contains { $0.hasPrefix("attribute 12 (receipt_creation_date)") && $0.contains("day 31") })
        #expect(warnings.contains { $0.hasPrefix("attribute 18 (original_purchase_date)") && $0.contains("second 60") })
        // Without a creation date there is no verification time: the receipt cannot be valid.
        let report = ReceiptVerifier(policy: try testPolicy()).verify(try appReceipt("regressions/receipt-impossible-dates.b64"))
        #expect(report.verdict == .invalid)
    }

    /// Response dates without `_ms`: the impossible ones are absent and listed with their path.
    @Test func impossibleResponseDatesAreFlagged() throws {
        let path = "regressions/response-impossible-dates.json"
        let response = try VerifyReceiptResponse(json: try JSONParser.parse(try Fixtures.testVector(path)))
        #expect(response.requestDate == nil)
        let problems = response.dateProblems
        for expected in [
            "receipt.request_date \"2024-02-31 12:00:00 Etc/GMT\": day 31",
            "latest_receipt_info[0].purchase_date \"2024-03-01 24:00:00 Etc/GMT\": hour 24",
            "latest_receipt_info[0].expires_date \"2024-13-01 00:00:00 Etc/GMT\": month 13",
            "latest_receipt_info[1].expires_date \"2024-12-31 23:59:60 Etc/GMT\": second 60",
            "pending_renewal_info[0].grace_period_expires_date \"2023-02-29 00:00:00 Etc/GMT\": day 29",
        ] {
            #expect(problems.contains { $0.hasPrefix(expected) }, "\(expected) not in \(problems)")
        }
        let second = try #require(response.latestReceiptInfo.last)
        #expect(second.purchaseDate == (try ReceiptDateParser.parse("2024-02-29T12:00:00Z")))
        #expect(second.expiresDate == nil)
    }
}
