import Foundation
import ReceiptKit
import TestSupport
import Testing

/// compare on real receipt/response pairs: no disagreement where both describe the same receipt, exactly the
/// edited field where a fixture was edited.
@Suite(.requires(Corpus.present))
struct SharedVectorCompareTests {
    func comparison(receipt: String, responseJSON: JSONValue) throws -> (ReceiptComparison, VerifyReceiptResponse) {
        let (_, document) = try ReceiptDecoder.decode(try Fixtures.shared(receipt))
        guard case .appReceipt(let appReceipt) = document else { throw Failure("not an app receipt") }
        let response = try VerifyReceiptResponse(json: responseJSON)
        let local = try #require(appReceipt.receipt.json.objectValue)
        let remote = try #require(response.receipt)
        return (
            ReceiptComparison(
                local: local, remote: remote, latestReceiptInfo: response.latestReceiptInfo,
                localCreation: appReceipt.receipt.creationDate), response
        )
    }

    @Test("same receipt: no disagreement", arguments: try SharedVectorDecodeTests.pairedResponses())
    func sameReceiptAgrees(pair: ReceiptResponsePair) throws {
        let (result, _) = try comparison(
            receipt: pair.receipt, responseJSON: try JSONParser.parse(try Fixtures.shared(pair.response)))
        #expect(result.differences.isEmpty, "\(result.differences)")
        // Only the server knows when it was asked.
        #expect(result.remoteKnowledge.map(\.path).contains("receipt.request_date_ms"))
    }

    @Test("an edited bundle_id is reported, and nothing else", arguments: try SharedVectorDecodeTests.pairedResponses())
    func editedBundleIsTheOnlyDifference(pair: ReceiptResponsePair) throws {
        let original = try JSONParser.parse(try Fixtures.shared(pair.response))
        guard case .object(var top) = original, case .object(var receipt)? = top["receipt"] else { throw Failure("no receipt") }
        receipt["bundle_id"] = .string("com.example.edited")
        top["receipt"] = .object(receipt)
        let (result, _) = try comparison(receipt: pair.receipt, responseJSON: .object(top))
        #expect(result.differences.count == 1)
        #expect(result.differences.first?.path == "receipt.bundle_id")
        #expect(result.differences.first?.kind == .mismatch)
        #expect(result.differences.first?.remote == .string("com.example.edited"))
    }

    /// The crashoverride fixtures carry this receipt as latest_receipt, but their receipt object describes the
    /// one made a minute earlier, and one of them had its bundle and product ids replaced by its author.
    @Test func editedFixtureDiffersFromItsUneditedTwinExactlyInTheEditedFields() throws {
        let folder = "crashoverride777__swifty-receipt-validator/"
        let receipt = folder + "receipt_Sandbox_SHA1_com.dominikringler.greeny_20190815.b64"
        let (genuine, _) = try comparison(
            receipt: receipt,
            responseJSON: try JSONParser.parse(
                try Fixtures.shared(
                    folder + "verifyReceipt_Sandbox_status0_com.dominikringler.greeny_ReceiptResponseValidSubscription.json")))
        let (edited, _) = try comparison(
            receipt: receipt,
            responseJSON: try JSONParser.parse(
                try Fixtures.shared(
                    folder + "verifyReceipt_Sandbox_status0_com.swiftyreceiptvalidator_ReceiptResponseValidSubscription.json")))
        // The genuine response describes the previous receipt (created a minute earlier) and its author kept one
        // in_app entry: the creation date differs and the other 90 purchases are only here.
        let localOnlyPurchases = genuine.differences.filter { $0.kind == .localOnly && $0.path.hasPrefix("receipt.in_app[") }
        #expect(localOnlyPurchases.count == 90)
        #expect(
            Set(genuine.differences.filter { $0.kind == .mismatch }.map(\.path)) == [
                "receipt.receipt_creation_date", "receipt.receipt_creation_date_ms", "receipt.receipt_creation_date_pst",
            ])
        #expect(genuine.differences.count == localOnlyPurchases.count + 3)
        let extra = Set(edited.differences.map(\.path)).subtracting(genuine.differences.map(\.path))
        #expect(extra == ["receipt.bundle_id", "receipt.in_app[1000000528099649].product_id"])
    }

    /// An iOS 6 transaction receipt against a response whose author replaced the bundle and product ids: the
    /// transaction matches (same transaction_id) and exactly the replaced fields are reported.
    @Test func transactionReceiptAgainstAnEditedResponse() throws {
        let (_, document) = try ReceiptDecoder.decode(
            try Fixtures.shared(
                "aporat__store-receipt-validator/ios6_Sandbox_com.mindmobapp.MindMob_com.mindmobapp.download.b64"))
        guard case .transactionReceipt(let transaction) = document else { throw Failure("not a transaction receipt") }
        let response = try VerifyReceiptResponse(
            json: try JSONParser.parse(
                try Fixtures.shared(
                    "hackerzhut__ios-receipt-validation/verifyReceipt_unknown_status0_br.com.jera.Example_result.json")))
        #expect(response.isTransactionReceiptForm)
        let result = ReceiptComparison(
            local: try #require(transaction.json.objectValue), remote: try #require(response.receipt),
            latestReceiptInfo: response.latestReceiptInfo, localCreation: transaction.purchaseDate)
        #expect(Set(result.differences.map(\.path)) == ["receipt.bid", "receipt.product_id"])
        #expect(result.differences.allSatisfy { $0.kind == .mismatch })
    }
}
