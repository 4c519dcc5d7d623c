import Foundation
import ReceiptKit
import Testing

/// Recognition of App Store Server API answers: their shapes are told apart, other JSON is left alone, and a
/// recognised shape with the wrong content is refused with the path of the problem.
@Suite struct SignedDataBodyTests {
    func recognise(_ text: String) throws -> SignedDataBody? {
        try SignedDataBody.recognise(try #require(try JSONParser.parse(text).objectValue))
    }

    @Test("shapes are told apart by their keys")
    func shapes() throws {
        #expect(try recognise(#"{"signedPayload":"a.b.c"}"#)?.kind == .notification)
        #expect(try recognise(#"{"signedTransactionInfo":"a.b.c"}"#)?.kind == .transactionInfo)
        #expect(try recognise(#"{"revision":"r","hasMore":false,"signedTransactions":["a.b.c"]}"#)?.kind == .refundHistory)
        #expect(
            try recognise(#"{"bundleId":"x","hasMore":false,"signedTransactions":[]}"#)?.kind == .transactionHistory)
        let statuses = try #require(
            try recognise(
                #"{"data":[{"lastTransactions":[{"status":4,"signedTransactionInfo":"t","signedRenewalInfo":"r"}]}]}"#))
        #expect(statuses.kind == .subscriptionStatuses)
        #expect(
            statuses.items.map(\.path) == [
                "data[0].lastTransactions[0].signedTransactionInfo", "data[0].lastTransactions[0].signedRenewalInfo",
            ])
        #expect(statuses.items.map(\.expected) == [.transaction, .renewalInfo])
        #expect(statuses.items.map(\.status) == [4, 4])
    }

    @Test("other JSON with a data list is not taken for an answer")
    func unrelatedData() throws {
        #expect(try recognise(#"{"data":[1,2,3]}"#) == nil)
        #expect(try recognise(#"{"receipt":{}}"#) == nil)
        #expect(throws: InputError.unexpectedJSON(#"JSON object has no "receipt-data" string (keys: data)"#)) {
            try InputDecoder.decode(Array(#"{"data":[1]}"#.utf8))
        }
    }

    @Test("a recognised shape with the wrong content names the path")
    func wrongContent() throws {
        #expect(throws: InputError.unexpectedJSON("signedTransactions is not an array")) {
            try recognise(#"{"signedTransactions":"a.b.c"}"#)
        }
        #expect(throws: InputError.unexpectedJSON("signedTransactions[1] is not a string (a signed JWS)")) {
            try recognise(#"{"signedTransactions":["a.b.c",5]}"#)
        }
        #expect(
            throws: InputError.unexpectedJSON(
                "data[0].lastTransactions[0].signedRenewalInfo is not a string (a signed JWS)")
        ) {
            try recognise(#"{"data":[{"lastTransactions":[{"signedRenewalInfo":{}}]}]}"#)
        }
    }

    @Test("an item that is not a JWS is reported as malformed and makes the answer invalid")
    func undecodableItem() throws {
        let body = try #require(try recognise(#"{"bundleId":"x","signedTransactions":["not a token"]}"#))
        let report = SignedDataVerifier(policy: VerificationPolicy()).verify(body)
        #expect(report.items.first?.ownVerdict == .malformed)
        #expect(report.verdict == .invalid)
        let item = try #require(report.items.first)
        #expect(try rendered { item.write(to: &$0, .library) }["error"]?["message"] != nil)
    }

    @Test("an answer without signed items verifies nothing")
    func emptyAnswer() throws {
        let body = try #require(try recognise(#"{"revision":"r","hasMore":false,"signedTransactions":[]}"#))
        let report = SignedDataVerifier(policy: VerificationPolicy()).verify(body)
        #expect(report.verdict == .unverifiableHere)
        #expect(report.notes.contains { $0.contains("no signed item") })
        #expect(SignedDataDecoder.decode(body).verdict == nil)
    }
}
