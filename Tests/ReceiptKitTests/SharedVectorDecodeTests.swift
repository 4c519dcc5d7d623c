import Foundation
import ReceiptKit
import TestSupport
import Testing

/// Every real receipt in ../shared/vectors decodes to the facts the manifest records (established with openssl).
@Suite(.requires(Corpus.present))
struct SharedVectorDecodeTests {
    @Test("manifest receipt decodes to its recorded facts", arguments: try ManifestEntry.receipts())
    func decodesToManifestFacts(entry: ManifestEntry) throws {
        let (_, document) = try ReceiptDecoder.decode(try Fixtures.shared(entry.file))
        guard case .appReceipt(let appReceipt) = document else {
            Issue.record("\(entry.file) did not decode as an app receipt")
            return
        }
        let receipt = appReceipt.receipt
        #expect(receipt.bundleID == entry.bundle_id)
        #expect(receipt.applicationVersion == entry.app_version)
        #expect(receipt.originalApplicationVersion == entry.original_app_version)
        #expect(receipt.inApp.count == entry.in_app_count)
        #expect(receipt.receiptType == entry.receipt_type_attr)
        let expectedCreation = try ReceiptDateParser.parse(try #require(entry.creation_date))
        #expect(receipt.creationDate == expectedCreation)
        #expect(appReceipt.container.signerInfos.first?.digestAlgorithm.digest?.rawValue == entry.signer_digest)
        // Every in-app entry the manifest lists is there, matched by transaction id.
        for expected in entry.in_app ?? [] {
            let match = receipt.inApp.first { $0.transactionID == expected.transaction_id }
            #expect(match != nil, "transaction \(expected.transaction_id ?? "?") missing")
            #expect(match?.productID == expected.product_id)
            if let purchase = expected.purchase_date, !purchase.isEmpty {
                #expect(match?.purchaseDate == (try ReceiptDateParser.parse(purchase)))
            }
        }
        // Nothing is dropped: every top-level attribute is either a named field, an in-app set or kept raw.
        let accounted =
            receipt.attributes.fields.count + receipt.attributes.nested.count
            + receipt.attributes.unknownAttributes.count
        let emptyOptional = receipt.attributes.attributes.filter {
            (ReceiptField.appFields[$0.type]?.emptyMeansAbsent ?? false) && receipt.attributes.fields[$0.type] == nil
        }.count
        #expect(accounted + emptyOptional == receipt.attributes.attributes.count)
    }

    /// StoreKit 2 signed data is recognised and decoded (not verified) with Apple's own field names.
    @Test("manifest JWS is recognised and decoded", arguments: try ManifestEntry.jws())
    func jwsIsRecognised(entry: ManifestEntry) throws {
        let (input, document) = try ReceiptDecoder.decode(try Fixtures.shared(entry.file))
        #expect(input.kindName == "storekit2_jws")
        guard case .jws(let jws) = document else { throw Failure("not a JWS") }
        #expect(jws.header["alg"] == .string("ES256"))
        #expect(jws.payload.objectValue?.isEmpty == false)
        if let type = entry.notificationType {
            #expect(jws.payload["notificationType"] == .string(type))
        }
    }

    /// Pairs whose verifyReceipt `receipt` object describes this very receipt (the manifest says the creation
    /// dates are equal): every field present on both sides is equal, request_date aside.
    @Test("receipt equals its paired verifyReceipt response field by field", arguments: try pairedResponses())
    func equalsPairedResponse(pair: ReceiptResponsePair) throws {
        let (_, document) = try ReceiptDecoder.decode(try Fixtures.shared(pair.receipt))
        guard case .appReceipt(let appReceipt) = document else {
            Issue.record("not an app receipt")
            return
        }
        let local = try #require(appReceipt.receipt.json.objectValue)
        let response = try JSONParser.parse(try Fixtures.shared(pair.response))
        let remote = try #require(response["receipt"]?.objectValue)
        var compared = 0
        for (key, remoteValue) in remote where !key.hasPrefix("request_date") && key != "in_app" {
            guard let localValue = local[key] else { continue }
            #expect(localValue == remoteValue, "receipt.\(key)")
            compared += 1
        }
        #expect(compared >= 10, "too few shared fields compared: \(compared)")
        let localPurchases = local["in_app"]?.arrayValue ?? []
        let remotePurchases = remote["in_app"]?.arrayValue ?? []
        #expect(!remotePurchases.isEmpty)
        for remotePurchase in remotePurchases {
            let id = remotePurchase["transaction_id"]
            let match = localPurchases.first { $0["transaction_id"] == id }
            let localPurchase = try #require(match?.objectValue, "in_app \(id?.scalarText ?? "?") missing locally")
            for (key, value) in remotePurchase.objectValue ?? [:] {
                guard let localValue = localPurchase[key] else { continue }
                #expect(localValue == value, "in_app[\(id?.scalarText ?? "?")].\(key)")
            }
        }
    }

    /// Receipts paired with a response made at their creation date; empty only when ../shared/vectors is absent.
    static func pairedResponses() throws -> [ReceiptResponsePair] {
        let pairs = try ManifestEntry.receipts().flatMap { entry in
            entry.pair.filter { $0.contains("receipt_creation_date equal") }.map { note in
                ReceiptResponsePair(receipt: entry.file, response: String(note.prefix { $0 != " " }))
            }
        }
        guard !pairs.isEmpty || !Corpus.available else {
            throw Failure("../shared/vectors/manifest.json pairs no receipt with a response made at its creation date")
        }
        return pairs
    }
}

struct ReceiptResponsePair: Sendable, CustomTestStringConvertible {
    let receipt: String
    let response: String
    var testDescription: String { response }
}
