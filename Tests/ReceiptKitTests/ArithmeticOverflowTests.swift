import Foundation
import ReceiptKit
import ReceiptTestSupport
import TestSupport
import Testing

/// Input-derived numbers at Int64's limits: each of these trapped (arithmetic overflow, exit 132) before the
/// fix, which here would kill the whole test process. Now each is refused or reported, naming the field.
@Suite struct ArithmeticOverflowTests {
    static let extremes: [Int64] = [.min, .min + 1, .min + 999, -1, 0, 999, .max - 1, .max]

    @Test(arguments: extremes)
    func everyTimestampRendersWithoutTrapping(milliseconds: Int64) {
        let timestamp = Timestamp(milliseconds: milliseconds)
        #expect(timestamp.seconds <= milliseconds / 1000)
        #expect(timestamp.rfc3339.hasSuffix("Z"))
        #expect(timestamp.appleGMT.hasSuffix(" Etc/GMT"))
        #expect(timestamp.applePacific.hasSuffix(" America/Los_Angeles"))
    }

    @Test func flooredSecondsAndFractionsAreExactNearTheBottom() {
        #expect(Timestamp(milliseconds: .min).seconds == -9_223_372_036_854_776)
        #expect(Timestamp(milliseconds: -1).rfc3339 == "1969-12-31T23:59:59.999Z")
        #expect(Timestamp(milliseconds: -1000).rfc3339 == "1969-12-31T23:59:59Z")
    }

    @Test func checkedTimestampsStayInFourDigitYears() throws {
        let low = try Timestamp(checkedMilliseconds: Timestamp.supportedRange.lowerBound)
        let high = try Timestamp(checkedMilliseconds: Timestamp.supportedRange.upperBound)
        #expect(low.rfc3339 == "0000-01-01T00:00:00Z")
        #expect(high.rfc3339 == "9999-12-31T23:59:59.999Z")
        for outside in [Int64.min, Timestamp.supportedRange.lowerBound - 1, Timestamp.supportedRange.upperBound + 1, .max] {
            #expect(throws: TimestampRangeError(milliseconds: outside)) { try Timestamp(checkedMilliseconds: outside) }
        }
    }

    @Test(arguments: ["-9223372036854775808", "9223372036854775807", "9223372036854775808", "253402300800000", "1e12", "x"])
    func millisecondTextOutOfRangeIsRefused(text: String) {
        #expect(throws: ReceiptDateParser.Failure.self) { try ReceiptDateParser.parseMilliseconds(text) }
    }

    /// The iOS 6 receipt anyone can send: purchase-date-ms is Int64.min (or max). Verify, compare and
    /// subscriptions all read the purchase date; the count is now reported, naming the key, and the formatted
    /// purchase-date beside it is used instead.
    @Test(arguments: ["regressions/ios6-purchase-date-ms-min.b64", "regressions/ios6-purchase-date-ms-max.b64"])
    func transactionReceiptWithExtremePurchaseDate(path: String) throws {
        let transaction = try transactionReceipt(path)
        #expect(transaction.purchaseDate == (try ReceiptDateParser.parse("2024-03-01T12:00:00Z")))
        let problem = try #require(transaction.purchaseDateProblem)
        #expect(problem.hasPrefix("purchase-date-ms \""))
        #expect(problem.contains("outside the supported range"))
        #expect(problem.hasSuffix("purchase-date used instead"))
        #expect(transaction.warnings.contains(problem))
        let report = ReceiptVerifier(policy: try testPolicy(anchor: "pki/intermediate.pem")).verify(transaction)
        #expect(report.verdict == .invalid)
        let inputs = SubscriptionInputs(transaction: transaction)
        #expect(inputs.defaultTimeSource == .purchaseDate)
        #expect(inputs.explanations.contains { $0.hasPrefix("unreadable date: purchase_date_ms \"") })
        let at = try #require(inputs.defaultTime)
        _ = SubscriptionEvaluator(at: at, sandbox: inputs.sandbox).evaluate(transactions: inputs.transactions, renewals: [])
    }

    /// With no readable form at all the purchase date is absent, and the source name says why.
    @Test func transactionReceiptWithoutAReadablePurchaseDate() throws {
        let transaction = try transactionReceipt("regressions/ios6-purchase-date-impossible.b64")
        #expect(transaction.purchaseDate == nil)
        #expect(transaction.purchaseDateProblem?.hasSuffix("the purchase date reads as absent") == true)
        let inputs = SubscriptionInputs(transaction: transaction)
        #expect(inputs.defaultTime == nil)
        #expect(inputs.defaultTimeProblem?.contains("day 31 does not exist") == true)
    }

    func transactionReceipt(_ path: String) throws -> TransactionReceipt {
        let (_, document) = try ReceiptDecoder.decode(try Fixtures.testVector(path))
        guard case .transactionReceipt(let transaction) = document else { throw Failure("\(path) is not an iOS 6 receipt") }
        return transaction
    }

    /// verifyReceipt responses whose `_ms` values (request date, purchase, expiry, grace period) are at the limits.
    @Test(arguments: ["regressions/response-ms-min.json", "regressions/response-ms-max.json"])
    func responseWithExtremeMilliseconds(path: String) throws {
        let response = try VerifyReceiptResponse(json: try JSONParser.parse(try Fixtures.testVector(path)))
        #expect(response.requestDate == nil)
        let problems = response.dateProblems
        for field in [
            "receipt.request_date_ms", "receipt.in_app[0].purchase_date_ms", "receipt.in_app[0].expires_date_ms",
            "latest_receipt_info[0].expires_date_ms", "pending_renewal_info[0].grace_period_expires_date_ms",
        ] {
            #expect(problems.contains { $0.hasPrefix(field + " \"") }, "\(field) not named in \(problems)")
        }
        #expect(response.latestReceiptInfo.allSatisfy { $0.expiresDate == nil && $0.purchaseDate == nil })
        #expect(response.pendingRenewalInfo.allSatisfy { $0.gracePeriodExpiresDate == nil })
        // What used to trap: rendering the normalised lists and evaluating subscription states.
        #expect(try rendered(response.writeNormalizedLatestReceiptInfo).arrayValue?.count == 1)
        #expect(try rendered(response.writeNormalizedPendingRenewalInfo).arrayValue?.count == 1)
        let inputs = SubscriptionInputs(response: response)
        #expect(inputs.defaultTime == nil)
        #expect(inputs.defaultTimeProblem?.contains("request_date_ms") == true)
        #expect(inputs.explanations.count == problems.count)
        let result = SubscriptionEvaluator(at: try ReceiptDateParser.parse("2024-06-01T00:00:00Z"), sandbox: true)
            .evaluate(transactions: inputs.transactions, renewals: inputs.renewals)
        #expect(result.subscriptions.isEmpty)
    }

    /// A purchase at Int64.min ms and its expiry at Int64.max: the sandbox cadence subtracted them.
    @Test func purchaseAndExpiryFarApart() throws {
        let path = "regressions/response-cadence-far-apart.json"
        let response = try VerifyReceiptResponse(json: try JSONParser.parse(try Fixtures.testVector(path)))
        let inputs = SubscriptionInputs(response: response)
        let at = try #require(inputs.defaultTime)
        _ = SubscriptionEvaluator(at: at, sandbox: true).evaluate(transactions: inputs.transactions, renewals: [])
        #expect(response.dateProblems.filter { $0.hasPrefix("latest_receipt_info[0].") }.count == 2)
        // The widest pair still inside the supported range: ten thousand years apart, no compressed cadence.
        let widest = try VerifyReceiptResponse(
            json: JSONParser.parse(
                Array(
                    """
                    {"status": 0, "environment": "Sandbox", "receipt": {"request_date_ms": "0", "in_app": []},
                     "latest_receipt_info": [{"transaction_id": "1", "product_id": "p",
                        "purchase_date_ms": "\(Timestamp.supportedRange.lowerBound)",
                        "expires_date_ms": "\(Timestamp.supportedRange.upperBound)"}]}
                    """.utf8)))
        let evaluated = SubscriptionEvaluator(at: Timestamp(milliseconds: 0), sandbox: true)
            .evaluate(transactions: widest.latestReceiptInfo, renewals: [])
        let status = try #require(evaluated.subscriptions.first)
        #expect(status.state == .active)
        #expect(status.notes.isEmpty)
    }

    @Test(arguments: ["P999999999999999999Y", "P99999999999999999999D", "PT9223372036854775807S", "P315569520001Y"])
    func hugeDurationsAreRefused(text: String) {
        #expect(throws: ISO8601Duration.Failure.self) { try ISO8601Duration(text) }
    }

    /// The largest accepted numbers, added to the edges of the range (and beyond): no trap, and an end
    /// outside the supported range is nil rather than a wrapped date.
    @Test func durationArithmeticIsChecked() throws {
        let largest = "\(ISO8601Duration.maximumNumber)"
        let durations = try ["P\(largest)Y", "P\(largest)M", "P\(largest)W", "P\(largest)D", "PT\(largest)H", "PT\(largest)S"]
            .map { try ISO8601Duration($0) }
        let starts = [Int64.min, Timestamp.supportedRange.lowerBound, 0, Timestamp.supportedRange.upperBound, .max]
        for duration in durations {
            for start in starts {
                #expect(duration.added(to: Timestamp(milliseconds: start)) == nil, "\(duration) + \(start)")
            }
        }
        let almostEnd = try ReceiptDateParser.parse("9999-12-31T00:00:00Z")
        #expect(try ISO8601Duration("P1D").added(to: almostEnd) == nil)
        #expect(try ISO8601Duration("PT23H").added(to: almostEnd) == (try ReceiptDateParser.parse("9999-12-31T23:00:00Z")))
    }

    /// A non-renewing purchase whose term ends past 9999 is active from its start on, and says so.
    @Test func termEndingOutsideTheRangeIsReported() throws {
        let path = "responses/subscriptions/non-renewing.json"
        let response = try VerifyReceiptResponse(json: try JSONParser.parse(try Fixtures.testVector(path)))
        let inputs = SubscriptionInputs(response: response)
        let periods = ["com.example.season": try ISO8601Duration("P9000Y")]
        let at = try ReceiptDateParser.parse("2024-05-09T00:00:00Z")
        let result = SubscriptionEvaluator(at: at, periods: periods, sandbox: false)
            .evaluate(transactions: inputs.transactions, renewals: [])
        let status = try #require(result.subscriptions.first)
        #expect(status.state == .active)
        #expect(status.overlap == true)
        #expect(status.trail.contains { $0.description.contains("outside the supported range") })
    }

    @Test(arguments: ["e30.e30", "e30", "", "e30.e30.e30.e30", "...."])
    func compactJWSWithoutThreeSegmentsThrows(token: String) {
        #expect(throws: DecodeError.self) { try CompactJWS(token) }
    }
}
