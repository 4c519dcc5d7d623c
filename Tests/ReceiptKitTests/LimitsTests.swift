import Foundation
import Testing

@testable import ReceiptKit

/// Every limit of ``Limits`` is hit by an input one step past it and refused with the limit and the offset where
/// it was hit; inputs at the limit are still read. The inputs are scaled-down versions of the blow-ups of
/// issue 8 (the full-size ones are made by scripts/make-hostile-inputs.py and timed by Benchmarks/hostile.sh).
@Suite struct LimitsTests {
    // MARK: input size

    @Test func inputLongerThanTheSizeLimitIsRefusedAtTheLimit() throws {
        let limit = Limits.maximumInputSize
        #expect(throws: InputError.tooLarge(limit: limit)) {
            try InputDecoder.decode([UInt8](repeating: 0, count: limit + 1))
        }
        let error = InputError.tooLarge(limit: limit)
        #expect(error.offset == limit)
        #expect(error.description == "input too large: the limit is 67108864 bytes (64 MiB), exceeded at offset 67108864")
        // Exactly at the limit the bytes are read (as DER, since NULs are not text).
        guard case .pkcs7(let der) = try InputDecoder.decode([UInt8](repeating: 0, count: limit)).payload else {
            Issue.record("an input of exactly the limit was not read as DER")
            return
        }
        #expect(der.count == limit)
    }

    // MARK: ASN.1 elements per element

    @Test func aSequenceOfOneNullTooManyIsRefusedAtThatNull() throws {
        let limit = Limits.maximumElementsPerElement
        let der = HostileInputs.sequenceOfNulls(limit + 1)
        let header = der.count - 2 * (limit + 1)
        let root = try ASN1Node(parsing: der)
        let expected = ASN1Error.limitExceeded(
            offset: header + 2 * limit, limit: limit, what: "elements in the constructed element at offset 0")
        #expect(throws: expected) { try root.children() }
        #expect(
            expected.description
                == "too many elements in the constructed element at offset 0: the limit is 100000, "
                + "exceeded at offset \(header + 2 * limit)"
        )
        // A lazy reader stops wherever its caller does, far before the limit.
        #expect(try root.children(upTo: 3).count == 3)
        #expect(try ASN1Node(parsing: HostileInputs.sequenceOfNulls(limit)).children().count == limit)
    }

    /// An indefinite length is walked to find its end, and the walk counts children too.
    @Test func anIndefiniteLengthSequenceOfTooManyNullsIsRefusedWhileFindingItsEnd() {
        let limit = Limits.maximumElementsPerElement
        let ber = [0x30, 0x80] + HostileInputs.nulls(limit + 1) + [0x00, 0x00]
        #expect(
            throws: ASN1Error.limitExceeded(
                offset: 2 + 2 * limit, limit: limit, what: "elements in the constructed element at offset 0")
        ) { try ASN1Node(parsing: ber) }
    }

    /// The issue's 50 MB SEQUENCE of NULLs, scaled down: the container reader stops at the first child.
    @Test func aContainerMadeOfNullsIsRefusedAtItsFirstChild() {
        let der = HostileInputs.sequenceOfNulls(1_000_000)
        let firstChild = der.count - 2_000_000
        #expect(
            throws: DecodeError.container(
                .asn1(.unexpectedTag(offset: firstChild, expected: "OBJECT IDENTIFIER", found: "NULL")))
        ) { try ReceiptDecoder.decode(der) }
    }

    @Test func endsOfLongIndefiniteWalksAreRememberedAndShortOnesAreNot() throws {
        // SEQUENCE (indefinite) { SEQUENCE (indefinite) { 20 NULLs }, SEQUENCE (indefinite) { 1 NULL } }
        let long = [0x30, 0x80] + HostileInputs.nulls(20) + [0x00, 0x00]
        let short: [UInt8] = [0x30, 0x80, 0x05, 0x00, 0x00, 0x00]
        let ber = [0x30, 0x80] + long + short + [0x00, 0x00]
        let root = try ASN1Node(parsing: ber)
        #expect(root.storage.end(ofElementAt: 0, depth: 0) == ber.count)
        #expect(root.storage.end(ofElementAt: 2, depth: 1) == 2 + long.count)
        #expect(root.storage.end(ofElementAt: 2 + long.count, depth: 1) == nil)
        // Reading again through the index gives the same elements.
        let children = try root.children()
        #expect(children.map(\.offset) == [2, 2 + long.count])
        #expect(children.map(\.endOffset) == [2 + long.count, 2 + long.count + short.count])
        #expect(try children[0].children().count == 20)
    }

    // MARK: receipt attributes

    @Test func aPayloadSetOfTooManyAttributesIsRefused() throws {
        let limit = Limits.maximumAttributesPerSet
        let attribute = HostileInputs.attribute(99)
        let der = HostileInputs.unsignedContainer(payload: HostileInputs.set(of: attribute, count: limit + 1))
        let payload = try PKCS7SignedData(der: der).payloadNode()
        let offset = payload.contentRange.lowerBound + limit * attribute.count
        let expected = ASN1Error.limitExceeded(
            offset: offset, limit: limit, what: "attributes in the SET at offset \(payload.offset)")
        #expect(throws: DecodeError.payload(expected)) { try AppReceipt(der: der) }
        #expect(
            DecodeError.payload(expected).description
                == "receipt payload: too many attributes in the SET at offset \(payload.offset): the limit is 25000, "
                + "exceeded at offset \(offset)"
        )
        let atLimit = HostileInputs.unsignedContainer(payload: HostileInputs.set(of: attribute, count: limit))
        #expect(try AppReceipt(der: atLimit).receipt.attributes.unknownAttributes.count == limit)
    }

    @Test func aReceiptWithTooManyInAppPurchasesIsRefused() throws {
        let limit = Limits.maximumInAppPurchases
        let purchase = HostileInputs.emptyPurchase
        let der = HostileInputs.unsignedContainer(payload: HostileInputs.set(of: purchase, count: limit + 1))
        let payload = try PKCS7SignedData(der: der).payloadNode()
        #expect(
            throws: DecodeError.payload(
                .limitExceeded(
                    offset: payload.contentRange.lowerBound + limit * purchase.count, limit: limit,
                    what: "in-app purchases in one receipt"))
        ) { try AppReceipt(der: der) }
        let atLimit = HostileInputs.unsignedContainer(payload: HostileInputs.set(of: purchase, count: limit))
        #expect(try AppReceipt(der: atLimit).receipt.inApp.count == limit)
    }

    /// The per-receipt budget is shared by the payload and every purchase; here it is set small to show where
    /// the refusal lands (the full-size limit is measured by Benchmarks/hostile.sh).
    @Test func theAttributeBudgetOfAReceiptRunsOutAtTheNextAttribute() throws {
        let attribute = HostileInputs.attribute(99)
        let set = try ASN1Node(parsing: HostileInputs.set(of: attribute, count: 4))
        var budget = 3
        #expect(
            throws: ASN1Error.limitExceeded(
                offset: set.contentRange.lowerBound + 3 * attribute.count, limit: Limits.maximumAttributesPerReceipt,
                what: "attributes in one receipt")
        ) { try AttributeSet(node: set, table: .app, nestedType: nil, budget: &budget) }
        budget = 10
        let decoded = try AttributeSet(node: set, table: .app, nestedType: nil, budget: &budget)
        #expect(decoded.attributes.count == 4)
        #expect(budget == 6)
    }

    // MARK: dump

    @Test func dumpRefusesATreeOfMoreElementsThanItsLimit() throws {
        let limit = Limits.maximumDumpElements
        // SEQUENCE { SEQUENCE { n NULLs }, SEQUENCE { n NULLs } }: no element holds more than the per-element
        // limit, but the tree has 2n + 3 elements.
        let half = limit / 2
        let inner = HostileInputs.sequenceOfNulls(half)
        let der = HostileInputs.tlv(0x30, inner + inner)
        let rootHeader = der.count - 2 * inner.count
        let innerHeader = inner.count - 2 * half
        // Shown in order: the root, the first SEQUENCE and its NULLs, the second SEQUENCE, then its NULLs, the
        // first of which is element number half + 4. Element number limit + 1 is the one refused.
        let index = (limit + 1) - (half + 4)
        let offset = rootHeader + inner.count + innerHeader + 2 * index
        #expect(
            throws: DecodeError.container(.asn1(.limitExceeded(offset: offset, limit: limit, what: "elements to dump")))
        ) { try ASN1Dump.tree(der: der) }
        let fits = HostileInputs.tlv(0x30, HostileInputs.sequenceOfNulls(half - 2) + HostileInputs.sequenceOfNulls(half - 2))
        #expect(try ASN1Dump.tree(der: fits).children.count == 2)
    }

    // MARK: JSON

    @Test func jsonNestedDeeperThanTheLimitIsRefusedNamingIt() {
        let text = [UInt8](repeating: UInt8(ascii: "["), count: Limits.maximumJSONDepth + 1)
        do {
            _ = try JSONParser.parse(text)
            Issue.record("nesting past the limit was accepted")
        } catch {
            #expect(error.offset == Limits.maximumJSONDepth)
            #expect(error.description == "JSON nested too deep: the limit is 256 levels, exceeded at offset 256")
        }
    }

    /// With a small limit, to show where the refusal lands without building two million values in a test.
    @Test func jsonWithTooManyValuesIsRefusedAtTheFirstOneTooMany() throws {
        // [0,0,...]: the array is value 1, so the number at index limit - 1 is the first one too many.
        let limit = 1_000
        let text = Array(("[" + String(repeating: "0,", count: limit - 1) + "0]").utf8)
        do {
            _ = try JSONParser.parse(text, maximumValues: limit)
            Issue.record("\(limit + 1) values were accepted")
        } catch {
            #expect(error.offset == 1 + 2 * (limit - 1))
            #expect(error.description == "too many JSON values: the limit is 1000, exceeded at offset \(error.offset)")
        }
        #expect(try JSONParser.parse(text, maximumValues: limit + 1).arrayValue?.count == limit)
    }

    // MARK: verifyReceipt responses

    @Test(arguments: ["latest_receipt_info", "pending_renewal_info", "latest_expired_receipt_info"])
    func responseListsLongerThanTheLimitAreRefused(key: String) throws {
        let limit = Limits.maximumResponseEntries
        func response(_ count: Int) -> JSONValue {
            .object(["status": .number("0"), key: .array(Array(repeating: .object([:]), count: count))])
        }
        #expect(
            throws: VerifyReceiptResponse.Failure(
                description: "too many \(key) entries: the limit is 20000, exceeded at \(key)[20000]")
        ) { try VerifyReceiptResponse(json: response(limit + 1)) }
        _ = try VerifyReceiptResponse(json: response(limit))
    }

    @Test func receiptInAppListsLongerThanTheLimitAreRefused() {
        let inApp = JSONValue.array(Array(repeating: .object([:]), count: Limits.maximumResponseEntries + 1))
        #expect(
            throws: VerifyReceiptResponse.Failure(
                description: "too many receipt.in_app entries: the limit is 20000, exceeded at receipt.in_app[20000]")
        ) { try VerifyReceiptResponse(json: .object(["status": .number("0"), "receipt": .object(["in_app": inApp])])) }
    }

    /// Many subscriptions with their renewals: each finds its own pending renewal (looked up by original
    /// transaction id), and the first entry wins for a repeated id, as before the lookup became a dictionary.
    @Test func pendingRenewalsAreMatchedByOriginalTransactionFirstEntryWinning() throws {
        let count = 2_000
        var transactions: [PurchaseRecord] = []
        var renewals: [PendingRenewal] = []
        for index in 0..<count {
            transactions.append(
                PurchaseRecord(json: [
                    "transaction_id": .string("\(index)"), "original_transaction_id": .string("\(index)"),
                    "product_id": .string("p"), "expires_date_ms": .string("1600000000000"),
                ]))
            renewals.append(
                PendingRenewal(json: [
                    "original_transaction_id": .string("\(index)"), "auto_renew_status": .string(index % 2 == 0 ? "1" : "0"),
                ]))
        }
        renewals.append(PendingRenewal(json: ["original_transaction_id": .string("0"), "auto_renew_status": .string("0")]))
        let at = Timestamp(milliseconds: 1_700_000_000_000)
        let result = SubscriptionEvaluator(at: at, sandbox: false).evaluate(transactions: transactions, renewals: renewals)
        #expect(result.subscriptions.count == count)
        for status in result.subscriptions {
            let index = try #require(Int(status.originalTransactionID))
            #expect(status.autoRenew == (index % 2 == 0))
        }
    }

    // MARK: iOS 6 property lists

    @Test func aPlistDictionaryWithTooManyEntriesIsRefused() throws {
        let limit = Limits.maximumPlistPairs
        let text = Array(("{" + String(repeating: "a=b;", count: limit + 1) + "}").utf8)
        #expect(
            throws: OldStylePlist.Failure(
                offset: 1 + 4 * limit, reason: "too many entries in one dictionary: the limit is 1000, exceeded")
        ) { try OldStylePlist.parseDictionary(text) }
        let atLimit = Array(("{" + String(repeating: "a=b;", count: limit) + "}").utf8)
        #expect(try OldStylePlist.parseDictionary(atLimit).pairs.count == limit)
    }

    // MARK: sniffing looks at a bounded prefix

    @Test func aPEMBlockIsLookedForOnlyNearTheStart() throws {
        let block = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"
        #expect(throws: InputError.unrecognised("input holds a PEM CERTIFICATE block, not a receipt")) {
            try InputDecoder.decode(Array(("# notes\n" + block).utf8))
        }
        let late = String(repeating: "#", count: Limits.pemSniffLength) + "\n" + block
        #expect(throws: InputError.notBase64(offset: 0, reason: "invalid character '#'", layer: "input")) {
            try InputDecoder.decode(Array(late.utf8))
        }
    }

    @Test func aJWSHeaderLongerThanTheSniffLengthIsNotTakenForAJWS() throws {
        func base64URL(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let short = base64URL(#"{"alg":"ES256"}"#)
        guard case .jws = try InputDecoder.decode(Array("\(short).e30.c2ln".utf8)).payload else {
            Issue.record("a JWS with a short header was not recognised")
            return
        }
        let long = base64URL(#"{"alg":"ES256","x":""# + String(repeating: "a", count: Limits.jwsHeaderSniffLength) + #""}"#)
        do {
            let input = try InputDecoder.decode(Array("\(long).e30.c2ln".utf8))
            Issue.record("a JWS header past the sniff length was taken as \(input.kindName)")
        } catch {
            guard case .notBase64(let offset, _, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(offset == long.utf8.count)
        }
    }

    /// The issue's 10 MB of "AAAAA" and dots, scaled down: refused as before, without splitting on every dot.
    @Test func textWithMillionsOfDotsIsRefusedAsNotBase64() {
        let dots = [UInt8](repeating: UInt8(ascii: "."), count: 2_000_000)
        #expect(throws: InputError.notBase64(offset: 5, reason: "invalid character '.'", layer: "input")) {
            try InputDecoder.decode(Array("AAAAA".utf8) + dots)
        }
        #expect(throws: InputError.unexpectedJSON("the JSON body's signed payload is not a compact JWS")) {
            try InputDecoder.decode(Array(#"{"signedPayload": "AAAAA"#.utf8) + dots + Array(#""}"#.utf8))
        }
    }
}
