import Foundation
import ReceiptKit
import TestSupport
import Testing

/// One subscription-state expectation file entry: a response, a time, and the states derived by hand from
/// Apple's rules (TestVectors/responses/subscriptions/expected.json, Tests/Expectations/shared-subscriptions.json).
struct SubscriptionCase: @unchecked Sendable, CustomTestStringConvertible {
    /// Immutable JSONSerialization values.
    let fields: [String: Any]
    let responsePath: URL
    var testDescription: String { fields["file"] as? String ?? "?" }

    /// The cases in `url`; throws when the file cannot be read or lists none, so a table fails instead of
    /// running zero cases.
    static func load(_ url: URL, responsesUnder folder: URL) throws -> [SubscriptionCase] {
        let data = try Data(contentsOf: url)
        guard let entries = try JSONSerialization.jsonObject(with: data) as? [[String: Any]], !entries.isEmpty else {
            throw Failure("\(url.path) is not a non-empty array of cases")
        }
        return entries.map { entry in
            let file = entry["file"] as? String ?? ""
            return SubscriptionCase(fields: entry, responsePath: folder.appendingPathComponent(file))
        }
    }

    static func constructed() throws -> [SubscriptionCase] {
        try load(
            Fixtures.testVectors.appendingPathComponent("responses/subscriptions/expected.json"),
            responsesUnder: Fixtures.testVectors.appendingPathComponent("responses/subscriptions"))
    }

    /// The real-corpus cases; none when ../shared/vectors is absent (their test is disabled and says why).
    static func shared() throws -> [SubscriptionCase] {
        guard Corpus.available else { return [] }
        return try load(
            Project.root.appendingPathComponent("Tests/Expectations/shared-subscriptions.json"),
            responsesUnder: Corpus.location)
    }

    /// Checks the evaluator against the expected list, in order.
    func check() throws {
        let bytes = Array(try Data(contentsOf: responsePath))
        let response = try VerifyReceiptResponse(json: try JSONParser.parse(bytes))
        let at = try ReceiptDateParser.parse(try #require(fields["at"] as? String))
        var periods: [String: ISO8601Duration] = [:]
        for (product, text) in fields["periods"] as? [String: String] ?? [:] { periods[product] = try ISO8601Duration(text) }
        let inputs = SubscriptionInputs(response: response)
        let result = SubscriptionEvaluator(at: at, periods: periods, sandbox: inputs.sandbox)
            .evaluate(transactions: inputs.transactions, renewals: inputs.renewals)
        let expected = fields["subscriptions"] as? [[String: Any]] ?? []
        #expect(result.subscriptions.count == expected.count)
        for (status, want) in zip(result.subscriptions, expected) {
            let label = "\(want["original_transaction_id"] ?? "?")/\(want["product_id"] ?? "?")"
            #expect(status.originalTransactionID == want["original_transaction_id"] as? String, "\(label)")
            #expect(status.productID == want["product_id"] as? String, "\(label)")
            #expect(status.state.rawValue == want["state"] as? String, "\(label): \(status.trail)")
            #expect(status.autoRenew == (want["auto_renew"] as? NSNumber)?.boolValue, "\(label) auto_renew")
            #expect(status.autoRenewProductID == want["auto_renew_product_id"] as? String, "\(label)")
            #expect(status.expirationIntent == want["expiration_intent"] as? String, "\(label)")
            #expect(
                status.latestExpiresDate?.milliseconds == (want["latest_expires_date_ms"] as? NSNumber)?.int64Value, "\(label)")
            if let overlap = want["overlap"] as? NSNumber { #expect(status.overlap == overlap.boolValue, "\(label) overlap") }
            #expect(!status.trail.isEmpty)
        }
        if let others = fields["non_subscription_purchases"] as? NSNumber {
            #expect(result.otherPurchaseCount == others.intValue)
        }
    }
}

@Suite struct SubscriptionCaseTests {
    @Test("constructed case gives the hand-derived states", arguments: try SubscriptionCase.constructed())
    func constructedCase(subscriptionCase: SubscriptionCase) throws { try subscriptionCase.check() }

    @Test(
        "shared verifyReceipt response gives the hand-derived states",
        .requires(Corpus.present),
        arguments: try SubscriptionCase.shared())
    func sharedResponse(subscriptionCase: SubscriptionCase) throws { try subscriptionCase.check() }

    @Test func constructedCasesCoverEveryState() throws {
        let states = Set(
            try SubscriptionCase.constructed().flatMap {
                ($0.fields["subscriptions"] as? [[String: Any]] ?? []).compactMap { $0["state"] as? String }
            })
        #expect(states == ["active", "expired", "in_grace_period", "in_billing_retry", "revoked", "upgraded"])
    }

    @Test func sandboxCadenceIsExplainedAndFlaggedOutsideTheSandbox() throws {
        let url = Fixtures.testVectors.appendingPathComponent("responses/subscriptions/sandbox-compressed.json")
        let response = try VerifyReceiptResponse(json: try JSONParser.parse(Array(try Data(contentsOf: url))))
        let inputs = SubscriptionInputs(response: response)
        #expect(inputs.sandbox)
        let at = try ReceiptDateParser.parse("2024-03-10T10:30:00Z")
        let sandbox = SubscriptionEvaluator(at: at, sandbox: true).evaluate(
            transactions: inputs.transactions, renewals: inputs.renewals)
        #expect(
            sandbox.subscriptions.first?.notes.first?.contains(
                "sandbox renewal cadence: 7 period(s) of 5 minutes, each standing for 1 month") == true)
        let production = SubscriptionEvaluator(at: at, sandbox: false).evaluate(
            transactions: inputs.transactions, renewals: inputs.renewals)
        #expect(production.subscriptions.first?.notes.first?.hasPrefix("anomaly:") == true)
    }

    @Test func aReceiptAloneSaysWhatItCannotKnow() throws {
        let receipt = try appReceipt("receipts/one-inapp.der")
        let inputs = SubscriptionInputs(receipt: receipt)
        #expect(!inputs.cannotKnow.isEmpty)
        #expect(inputs.defaultTime == receipt.receipt.creationDate)
        let result = SubscriptionEvaluator(at: try #require(inputs.defaultTime), sandbox: inputs.sandbox)
            .evaluate(transactions: inputs.transactions, renewals: inputs.renewals)
        #expect(result.subscriptions.map(\.state) == [.active])
        #expect(result.subscriptions.first?.autoRenew == nil)
    }
}
