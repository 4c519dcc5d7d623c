import Testing

@testable import ReceiptAudit
@testable import ReceiptKit

/// How a StoreKit 2 transaction's offer fields become the audit's verifyReceipt-style flags, which `report`
/// counts trials and intro offers from: a free trial is an introductory offer (`offerType` 1) whose
/// `offerDiscountType` is FREE_TRIAL; any other introductory offer is an intro-price period; promotional (2),
/// offer-code (3) and win-back (4) offers are neither; an introductory offer of unknown kind leaves both unknown.
@Suite struct AuditOfferFlagsTests {
    static let cases: [(payload: String, trial: Bool?, intro: Bool?, upgraded: Bool)] = [
        (#"{"transactionId":"1"}"#, false, false, false),
        (#"{"transactionId":"1","offerType":1,"offerDiscountType":"FREE_TRIAL"}"#, true, false, false),
        (#"{"transactionId":"1","offerType":1,"offerDiscountType":"PAY_AS_YOU_GO"}"#, false, true, false),
        (#"{"transactionId":"1","offerType":1,"offerDiscountType":"PAY_UP_FRONT"}"#, false, true, false),
        (#"{"transactionId":"1","offerType":1}"#, nil, nil, false),
        (#"{"transactionId":"1","offerType":2,"offerDiscountType":"FREE_TRIAL"}"#, false, false, false),
        (#"{"transactionId":"1","offerType":3}"#, false, false, false),
        (#"{"transactionId":"1","isUpgraded":true,"revocationDate":1700000000000}"#, false, false, true),
    ]

    @Test(arguments: 0..<cases.count)
    func storeKitOfferFieldsMapToTheFlags(index: Int) throws {
        let expected = Self.cases[index]
        let transaction = TransactionFacts(JWSTransaction(try JSONParser.parse(Array(expected.payload.utf8))))
        #expect(transaction.isTrialPeriod == expected.trial, "\(expected.payload)")
        #expect(transaction.isInIntroOfferPeriod == expected.intro, "\(expected.payload)")
        #expect(transaction.isUpgraded == expected.upgraded, "\(expected.payload)")
    }

    /// The flags survive the JSON Lines round trip that `summarize` and `report` read, and unknown stays absent.
    @Test func theFlagsRoundTripThroughTheRecordLine() throws {
        var record = AuditRecord(number: 1, source: "x", verdict: .valid)
        record.transactions = [
            AuditTransaction(transactionID: "1", isTrialPeriod: true, isInIntroOfferPeriod: false, isUpgraded: true),
            AuditTransaction(transactionID: "2"),
        ]
        var output = JSONOutput(pretty: false)
        record.write(to: &output)
        let line = String(decoding: output.bytes, as: UTF8.self)
        #expect(line.contains(#""is_in_intro_offer_period":false,"is_trial_period":true,"is_upgraded":true"#))
        #expect(line.contains(#"{"transaction_id":"2"}"#))
        let back = try AuditRecord(json: try JSONParser.parse(line))
        #expect(back.transactions == record.transactions)
    }
}
