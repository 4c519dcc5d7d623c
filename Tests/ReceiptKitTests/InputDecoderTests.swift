import Foundation
import ReceiptKit
import TestSupport
import Testing

@Suite struct InputDecoderTests {
    /// A tiny but real DER element (SEQUENCE { INTEGER 1 }) standing in for a container.
    let der: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x01, 0x30, 0x00]

    func unwrappedDER(_ text: String) throws -> ([UInt8], [String]) {
        let input = try InputDecoder.decode(Array(text.utf8))
        guard case .pkcs7(let bytes) = input.payload else {
            Issue.record("expected DER")
            return ([], input.layers)
        }
        return (bytes, input.layers)
    }

    @Test func decodesStandardBase64WithWhitespaceAndLineBreaks() throws {
        let (bytes, layers) = try unwrappedDER("  MAMC\r\nAQEw\n AA==  \n")
        #expect(bytes == der)
        #expect(layers == ["base64", "der"])
    }

    @Test func decodesURLSafeAlphabetWithoutPadding() throws {
        // 0xfb 0xff encodes to "+/8" in the standard alphabet and "-_8" in the URL-safe one.
        let bytes: [UInt8] = [0x30, 0x02, 0xfb, 0xff]
        let input = try InputDecoder.decode(
            Array(LenientBase64.encode(bytes).replacing("+", with: "-").replacing("/", with: "_").replacing("=", with: "").utf8))
        guard case .pkcs7(let decoded) = input.payload else { throw Failure("not DER") }
        #expect(decoded == bytes)
        #expect(input.layers.first == "base64 (url-safe)")
    }

    @Test func reportsTheAlphabetSeen() throws {
        #expect(try LenientBase64.decode(Array("-_8=".utf8)) == ([0xFB, 0xFF], .urlSafe))
        #expect(try LenientBase64.decode(Array("+/8".utf8)) == ([0xFB, 0xFF], .standard))
        #expect(try LenientBase64.decode(Array("+_8".utf8)).alphabet == .mixed)
        let error = try #require(throws: LenientBase64.Failure.self) { try LenientBase64.decode(Array("AA=A".utf8)) }
        #expect(error.offset == 3)
        #expect(error.reason == "data continues after the '=' padding at offset 2")
    }

    @Test func unwrapsRequestBodyAndBase64OfBase64() throws {
        let base64 = LenientBase64.encode(der)
        let (fromBody, bodyLayers) = try unwrappedDER("{\"receipt-data\": \"\(base64)\", \"password\": \"x\"}")
        #expect(fromBody == der)
        #expect(bodyLayers == ["json-body", "base64", "der"])
        let input = try InputDecoder.decode(Array(LenientBase64.encode(Array(base64.utf8)).utf8))
        #expect(input.wasDoublyEncoded)
        guard case .pkcs7(let twice) = input.payload else { throw Failure("not DER") }
        #expect(twice == der)
    }

    @Test func passesRawDERThrough() throws {
        let input = try InputDecoder.decode(der)
        guard case .pkcs7(let bytes) = input.payload else { throw Failure("not DER") }
        #expect(bytes == der)
        #expect(input.layers == ["der"])
    }

    @Test func namesTheOffendingCharacterAndOffset() {
        #expect(throws: InputError.notBase64(offset: 6, reason: "invalid character '#'", layer: "input")) {
            try InputDecoder.decode(Array("MAMCAQ#w".utf8))
        }
        let error = InputError.notBase64(offset: 112, reason: "invalid character '#'", layer: "input")
        #expect(error.description == "not base64: invalid character '#' at offset 112")
    }

    @Test func refusesEmptyInputAndVerifyReceiptResponses() {
        #expect(throws: InputError.empty) { try InputDecoder.decode([]) }
        #expect(throws: InputError.empty) { try InputDecoder.decode(Array(" \n\t".utf8)) }
        #expect(throws: InputError.self) { try InputDecoder.decode(Array("{\"status\": 0, \"receipt\": {}}".utf8)) }
    }

    @Test func recognisesTransactionReceiptPlistAndJWS() throws {
        let plist = "{\n\t\"signature\" = \"AA==\";\n\t\"purchase-info\" = \"AA==\";\n}"
        let input = try InputDecoder.decode(Array(LenientBase64.encode(Array(plist.utf8)).utf8))
        #expect(input.kindName == "ios6_transaction_receipt")
        let header = LenientBase64.encode(Array("{\"alg\":\"ES256\"}".utf8)).replacing("=", with: "")
        let jws = try InputDecoder.decode(Array("\(header).e30.AAAA".utf8))
        #expect(jws.kindName == "storekit2_jws")
    }

    /// Things people paste by mistake are named, not called malformed.
    @Test func namesCertificatesAndNotifications() throws {
        let pem = try #require(throws: DecodeError.self) { try ReceiptDecoder.decode(try Fixtures.testVector("pki/root.pem")) }
        #expect(pem.description == "input holds a PEM CERTIFICATE block, not a receipt")
        let der = try #require(throws: DecodeError.self) { try ReceiptDecoder.decode(try Fixtures.testVector("pki/root.der")) }
        #expect(der.description.hasPrefix("input is an X.509 certificate (C=US, O=appreceipt Test PKI"))
        let notification = Array(#"{"notification_type": "DID_RENEW", "unified_receipt": {}}"#.utf8)
        #expect(
            throws: InputError.unexpectedJSON(
                "input is an App Store Server Notification (V1, notification_type DID_RENEW), not a receipt; "
                    + "its unified_receipt.latest_receipt holds the receipt")
        ) { try InputDecoder.decode(notification) }
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The lenient decoder agrees with Foundation's strict one on every well-formed text, and with itself when the
/// text is wrapped, spaced, unpadded or in the URL-safe alphabet.
@Suite struct Base64AgreementTests {
    @Test func agreesWithFoundationOnRandomData() throws {
        var random = SplitMix(state: 42)
        for length in 0..<300 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let standard = Data(bytes).base64EncodedString()
            #expect(try LenientBase64.decode(Array(standard.utf8)).bytes == bytes)
            #expect(Data(base64Encoded: LenientBase64.encode(bytes)).map(Array.init) == bytes)
            // Wrapped at 76 with CRLF, padding dropped, URL-safe alphabet, stray spaces.
            var messy = Array(
                Data(bytes).base64EncodedString(options: [
                    .lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed,
                ]).utf8)
            messy.removeAll { $0 == UInt8(ascii: "=") }
            messy = messy.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: "-") : ($0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0) }
            if messy.count > 5 { messy.insert(0x20, at: random.below(messy.count)) }
            let decoded = try LenientBase64.decode(messy)
            #expect(decoded.bytes == bytes, "length \(length)")
            if standard.contains("+") || standard.contains("/") { #expect(decoded.alphabet == .urlSafe) }
        }
    }
}
