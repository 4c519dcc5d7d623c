import ReceiptKit
import Testing

@Suite struct VerifyReceiptModelTests {
    @Test func responseSurvivesDrift() throws {
        let json = try JSONParser.parse(
            """
            {"status": "0", "environment": "Sandbox", "is-retryable": 1, "x_custom": {"a": 1},
             "receipt": {"bundle_id": "b", "request_date_ms": 1595440486402, "in_app": []},
             "latest_receipt_info": {"transaction_id": 1000000000000001, "product_id": "p", "quantity": 1,
                                     "purchase_date_ms": "1595439548000", "expires_date": "2020-07-22 17:44:08 Etc/GMT"},
             "pending_renewal_info": [{"original_transaction_id": "1000000000000001", "auto_renew_status": 0,
                                       "expiration_intent": 1, "is_in_billing_retry_period": "1"}]}
            """)
        let response = try VerifyReceiptResponse(json: json)
        #expect(response.status == 0)
        #expect(response.isRetryable == true)
        #expect(response.unknownKeys == ["x_custom"])
        #expect(response.latestReceiptInfo.count == 1)
        let record = try #require(response.latestReceiptInfo.first)
        #expect(record.transactionID == "1000000000000001")
        #expect(record.originalTransactionID == "1000000000000001")
        #expect(record.expiresDate == (try ReceiptDateParser.parse("2020-07-22T17:44:08Z")))
        #expect(response.requestDate?.milliseconds == 1_595_440_486_402)
        let renewal = try #require(response.pendingRenewalInfo.first)
        #expect(renewal.autoRenewStatus == false)
        #expect(renewal.expirationIntent == "1")
        #expect(renewal.isInBillingRetryPeriod == true)
        // Normalised output: strings where Apple documents strings, full date triplets.
        let normalized = try #require(try rendered(response.writeNormalizedLatestReceiptInfo).arrayValue?.first)
        #expect(normalized["quantity"] == .string("1"))
        #expect(normalized["expires_date_ms"] == .string("1595439848000"))
        #expect(normalized["expires_date_pst"] == .string("2020-07-22 10:44:08 America/Los_Angeles"))
    }

    @Test func refusesWhatIsNotAResponse() {
        #expect(throws: VerifyReceiptResponse.Failure.self) { try VerifyReceiptResponse(json: .array([])) }
        #expect(throws: VerifyReceiptResponse.Failure.self) {
            try VerifyReceiptResponse(json: .object(["receipt": .object([:])]))
        }
    }

    @Test func iOS6ResponseForm() throws {
        let json = try JSONParser.parse(
            """
            {"status": 21006, "receipt": {"bid": "com.x", "transaction_id": "1", "original_transaction_id": "1",
             "product_id": "m", "purchase_date_ms": "1318450000000", "expires_date": "1318450250000"},
             "latest_expired_receipt_info": {"bid": "com.x", "transaction_id": "2", "original_transaction_id": "1",
             "product_id": "m", "purchase_date_ms": "1318450250000", "expires_date": "1318450550000"}}
            """)
        let response = try VerifyReceiptResponse(json: json)
        #expect(response.isTransactionReceiptForm)
        #expect(response.receiptTransactions.first?.expiresDate?.milliseconds == 1_318_450_250_000)
        #expect(response.latestReceiptInfo.first?.transactionID == "2")
        #expect(VerifyReceiptStatus.meaning(of: response.status).contains("expired"))
    }

    @Test func statusMeaningsAndRetryRules() {
        #expect(VerifyReceiptStatus.meaning(of: 21007).contains("sandbox"))
        #expect(VerifyReceiptStatus.isRetryable(21005, flag: nil))
        #expect(VerifyReceiptStatus.isRetryable(21150, flag: true))
        #expect(!VerifyReceiptStatus.isRetryable(21150, flag: false))
        #expect(!VerifyReceiptStatus.isRetryable(21002, flag: true))
        #expect(!VerifyReceiptStatus.isRetryable(21007, flag: nil))
    }

    @Test(arguments: [
        ("P1M", "2024-01-31T10:00:00Z", "2024-02-29T10:00:00Z"),
        ("P1Y", "2024-02-29T00:00:00Z", "2025-02-28T00:00:00Z"),
        ("P7D", "2024-03-01T00:00:00Z", "2024-03-08T00:00:00Z"),
        ("P1W", "2024-12-28T00:00:00Z", "2025-01-04T00:00:00Z"),
        ("PT12H", "2024-03-01T18:00:00Z", "2024-03-02T06:00:00Z"),
        ("P1Y2M3DT4H5M6S", "2024-01-01T00:00:00Z", "2025-03-04T04:05:06Z"),
    ])
    func durationsUseCalendarArithmetic(duration: String, start: String, end: String) throws {
        let parsed = try ISO8601Duration(duration)
        #expect(parsed.added(to: try ReceiptDateParser.parse(start)) == (try ReceiptDateParser.parse(end)))
    }

    @Test(arguments: ["", "P", "1M", "PM", "P1H", "PT1D", "P1.5M", "P1Y1Y"])
    func refusesMalformedDurations(text: String) {
        #expect(throws: ISO8601Duration.Failure.self) { try ISO8601Duration(text) }
    }
}
