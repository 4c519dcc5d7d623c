import ReceiptKit
import ReceiptTestSupport
import TestSupport
import Testing

/// Issue 11 point 10: a payload SET inside one extra OCTET STRING (a peer suite's `receipt-double-wrapped`
/// fixture) is read with a warning naming the wrapping; two extra wrappings are refused. Before, one was refused
/// with "expected SET OF ReceiptAttribute (SET) at offset 66, found OCTET STRING".
@Suite struct PayloadWrappingTests {
    @Test func oneExtraWrappingIsReadWithAWarning() throws {
        let expected = try VectorExpectation.entry("receipts/payload-double-wrapped.der")
        let warnings = try #require(expected["decode_warnings"] as? [String])
        #expect(warnings.count == 1)
        for path in [expected.file, try #require(expected.string("b64"))] {
            let receipt = try appReceipt(path).receipt
            #expect(receipt.warnings == warnings)
            #expect(receipt.payloadWrappingWarning == warnings.first)
            #expect(receipt.inApp.map(\.transactionID) == ["2000000512345678"])
            #expect(receipt.bundleID == "com.example.appreceipt.one")
        }
        // The same facts as the unwrapped receipt, and the same verdict: the signature covers the extra wrapping.
        let plain = try appReceipt("receipts/one-inapp.der").receipt
        #expect(plain.payloadWrappingWarning == nil)
        // (Unknown attributes carry their offsets, which the wrapping moves by its 4-byte header.)
        let wrapped = try #require(try appReceipt(expected.file).receipt.json.objectValue)
        let unwrapped = try #require(plain.json.objectValue)
        #expect(wrapped["in_app"] == unwrapped["in_app"])
        #expect(wrapped.keys.sorted() == unwrapped.keys.sorted())
        let report = ReceiptVerifier(policy: try testPolicy()).verify(try appReceipt(expected.file))
        #expect(report.verdict == .valid, "\(report.checks.filter { $0.status != .pass && $0.status != .skip })")
    }

    @Test func twoExtraWrappingsAreRefusedAtTheSecond() throws {
        let error = try #require(throws: DecodeError.self) {
            try ReceiptDecoder.decode(try Fixtures.testVector("malformed/payload-triple-wrapped.der"))
        }
        #expect(error.offset == 70)
        #expect(
            error.description.contains(
                "the receipt payload is wrapped in a second extra OCTET STRING (only one extra wrapping is accepted; "
                    + "expected SET OF ReceiptAttribute) at offset 70"), "\(error)")
    }

    /// Built byte by byte: the wrapping is found wherever the container puts the payload, and only an OCTET
    /// STRING is peeled (anything else is still "expected SET OF ReceiptAttribute").
    @Test func onlyOneOctetStringIsPeeled() throws {
        let set = HostileInputs.tlv(0x31, HostileInputs.attribute(2, value: HostileInputs.tlv(0x0C, Array("a.b".utf8))))
        let once = try ReceiptDecoder.decode(HostileInputs.unsignedContainer(payload: HostileInputs.tlv(0x04, set)))
        guard case .appReceipt(let receipt) = once.document else {
            Issue.record("not an app receipt: \(once.document)")
            return
        }
        #expect(receipt.receipt.bundleID == "a.b")
        #expect(receipt.receipt.warnings.first?.hasPrefix("the receipt payload is wrapped in one extra OCTET STRING") == true)
        let twice = HostileInputs.tlv(0x04, HostileInputs.tlv(0x04, set))
        #expect(throws: DecodeError.self) { try ReceiptDecoder.decode(HostileInputs.unsignedContainer(payload: twice)) }
        let sequence = HostileInputs.tlv(0x04, HostileInputs.tlv(0x30, []))
        let wrong = try #require(throws: DecodeError.self) {
            try ReceiptDecoder.decode(HostileInputs.unsignedContainer(payload: sequence))
        }
        #expect(wrong.description.contains("expected SET OF ReceiptAttribute (SET)"), "\(wrong)")
    }
}
