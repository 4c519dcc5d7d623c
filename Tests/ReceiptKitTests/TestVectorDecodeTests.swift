import Foundation
import ReceiptKit
import TestSupport
import Testing

/// The project's own signed vectors decode to exactly what their inputs say (TestVectors/expectations.json).
@Suite struct TestVectorDecodeTests {
    @Test("good vector decodes to its inputs", arguments: try VectorExpectation.of(kind: "receipt"))
    func decodesToInputs(expected: VectorExpectation) throws {
        for path in [expected.file, expected.string("b64")].compactMap({ $0 }) {
            let decoded = try appReceipt(path)
            let receipt = decoded.receipt
            let json = try #require(receipt.json.objectValue)
            #expect(receipt.bundleID == expected.string("bundle_id"))
            #expect(receipt.receiptType == expected.string("receipt_type"))
            #expect(receipt.applicationVersion == expected.string("application_version"))
            #expect(receipt.originalApplicationVersion == expected.string("original_application_version"))
            #expect(receipt.creationDate?.milliseconds == expected.int("receipt_creation_date_ms"))
            #expect(receipt.originalPurchaseDate?.milliseconds == expected.int("original_purchase_date_ms"))
            #expect(receipt.expirationDate?.milliseconds == expected.int("expiration_date_ms"))
            #expect(receipt.opaqueValue?.hexString() == expected.string("opaque_value_hex"))
            #expect(receipt.sha1Hash?.hexString() == expected.string("sha1_hash_hex"))
            #expect(receipt.inApp.count == Int(expected.int("in_app_count") ?? -1))
            #expect(json["age_rating"]?.scalarText == expected.string("age_rating"))
            #expect(json["download_id"]?.int64Value == expected.int("download_id"))
            #expect(json["app_item_id"]?.int64Value == expected.int("app_item_id"))
            #expect(decoded.container.usesIndefiniteLengths == (expected.string("encoding") == "ber"))
            #expect(decoded.container.signerInfos.first?.digestAlgorithm.digest?.rawValue == expected.string("digest"))
            if let created = expected.int("receipt_creation_date_ms") {
                #expect(json["receipt_creation_date_ms"] == .string(String(created)))
            }
            try checkPurchases(receipt, json: json, expected: expected)
        }
    }

    func checkPurchases(_ receipt: Receipt, json: [String: JSONValue], expected: VectorExpectation) throws {
        let expectedPurchases = expected["in_app"] as? [[String: Any]] ?? []
        let rendered = json["in_app"]?.arrayValue ?? []
        for purchase in expectedPurchases {
            let id = purchase["transaction_id"] as? String
            let match = try #require(receipt.inApp.first { $0.transactionID == id }, "transaction \(id ?? "?")")
            let object = try #require(rendered.first { $0["transaction_id"]?.scalarText == id })
            // Abbreviated entries (the 200-entry vector) list only some keys; only listed keys are compared.
            func listed(_ key: String) -> Bool { purchase.keys.contains(key) }
            func text(_ key: String) -> String? { purchase[key] as? String }
            if listed("product_id") { #expect(match.productID == text("product_id")) }
            if listed("original_transaction_id") { #expect(match.originalTransactionID == text("original_transaction_id")) }
            for name in ["purchase_date", "original_purchase_date", "expires_date", "cancellation_date"]
            where listed(name + "_ms") {
                let ms = (purchase[name + "_ms"] as? NSNumber)?.int64Value
                #expect(object[name + "_ms"]?.scalarText == ms.map(String.init), "\(id ?? "?").\(name)_ms")
                #expect((object[name] != nil) == (ms != nil), "\(id ?? "?").\(name) present")
            }
            if let quantity = purchase["quantity"] as? NSNumber {
                #expect(object["quantity"] == .string(quantity.stringValue))
            }
            if let type = purchase["product_type"] as? NSNumber {
                #expect(object["product_type"] == .integer(type.int64Value))
            }
            // Like Apple's JSON, the intro flag is shown for subscriptions (with an expiry) only.
            let isSubscription = (purchase["expires_date_ms"] as? NSNumber) != nil
            for flag in ["is_trial_period", "is_in_intro_offer_period"] where listed(flag) {
                if let value = purchase[flag] as? NSNumber, flag == "is_trial_period" || isSubscription {
                    #expect(object[flag] == .string(value.boolValue ? "true" : "false"), "\(flag)")
                } else {
                    #expect(object[flag] == nil, "\(flag) should be absent")
                }
            }
            if listed("promotional_offer_id") {
                #expect(object["promotional_offer_id"]?.scalarText == text("promotional_offer_id"))
            }
            if let web = purchase["web_order_line_item_id"] as? NSNumber {
                // Apple's JSON leaves out a zero web order line item id.
                #expect(object["web_order_line_item_id"] == (web.int64Value == 0 ? nil : .string(web.stringValue)))
            }
        }
    }

    @Test func keepsEveryUnknownAttributeWithItsDecodedValue() throws {
        let expected = try VectorExpectation.entry("receipts/unknown-attributes.der")
        let receipt = try appReceipt(expected.file).receipt
        let appUnknown = receipt.attributes.unknownAttributes
        let inAppUnknown = receipt.inApp.flatMap(\.attributes.unknownAttributes)
        for entry in expected["unknown_attributes"] as? [[String: Any]] ?? [] {
            let type = (entry["type"] as? NSNumber)?.int64Value
            let pool = (entry["level"] as? String) == "receipt" ? appUnknown : inAppUnknown
            let attribute = try #require(pool.first { $0.type == type }, "unknown attribute \(type ?? -1) kept")
            #expect(attribute.value.hexString() == entry["value_hex"] as? String)
            #expect(attribute.version == (entry["version"] as? NSNumber)?.int64Value)
            let rendered = try rendered(attribute.write)["value"]
            switch entry["decoded"] {
            case let text as String: #expect(rendered == .string(text))
            case let number as NSNumber: #expect(rendered == .integer(number.int64Value))
            default: #expect(rendered == nil, "type \(type ?? -1) has no decoded value")
            }
        }
    }

    /// In Xcode-style BER receipts the payload sits in one chunk of a constructed OCTET STRING; it is read in
    /// place, so attribute offsets are offsets into the file, as they are for DER receipts.
    @Test func berPayloadOffsetsPointIntoTheFile() throws {
        let bytes = try Fixtures.testVector("receipts/one-inapp-ber-indefinite.der")
        let receipt = try appReceipt("receipts/one-inapp-ber-indefinite.der")
        #expect(receipt.container.contentNode.identifier.isConstructed)
        for attribute in receipt.receipt.attributes.attributes {
            #expect(attribute.offset > receipt.container.contentNode.offset)
            #expect(bytes[attribute.offset] == 0x30)
            // Read from the file's own buffer, not from a joined copy.
            #expect(attribute.valueNode.buffer == bytes)
        }
    }

    @Test func emptyValuesAreAbsentNotErrors() throws {
        let receipt = try appReceipt("receipts/empty-values.der").receipt
        let json = try #require(receipt.json.objectValue)
        #expect(json["expiration_date"] == nil)
        #expect(json["age_rating"] == nil)
        let purchase = try #require(json["in_app"]?.arrayValue?.first)
        #expect(purchase["expires_date"] == nil)
        #expect(purchase["cancellation_date"] == nil)
        #expect(purchase["promotional_offer_id"] == nil)
        // The empty attributes are still listed, not dropped.
        #expect(receipt.attributes.attributes.contains { $0.type == 10 })
        #expect(receipt.warnings.isEmpty)
    }

    @Test func decodesTheTransactionReceiptVector() throws {
        let expected = try #require(try VectorExpectation.of(kind: "ios6").first { $0["attack"] == nil })
        let (input, document) = try ReceiptDecoder.decode(try Fixtures.testVector(expected.file))
        #expect(input.kindName == "ios6_transaction_receipt")
        guard case .transactionReceipt(let transaction) = document else { throw Failure("not a transaction receipt") }
        let info = try #require(expected["purchase_info"] as? [String: String])
        for (key, value) in info { #expect(transaction.purchaseInfo[key] == value, "\(key)") }
        #expect(transaction.signatureVersion == 3)
        #expect(transaction.signature.count == 256)
        #expect(transaction.json["bid"] == .string(info["bid"] ?? ""))
        #expect(transaction.envelope["environment"] == expected.string("environment"))
    }
}
