import ReceiptKit
import Testing

@Suite struct ASN1ReaderTests {
    @Test func readsDefiniteAndIndefiniteLengths() throws {
        // SEQUENCE (indefinite) { OCTET STRING (constructed, indefinite) { OCTET STRING "ab" } }
        let ber: [UInt8] = [0x30, 0x80, 0x24, 0x80, 0x04, 0x02, 0x61, 0x62, 0x00, 0x00, 0x00, 0x00]
        let root = try ASN1Node(parsing: ber)
        #expect(root.isIndefiniteLength)
        #expect(root.endOffset == ber.count)
        let octets = try #require(try root.children().first)
        #expect(octets.identifier.isConstructed)
        #expect(try octets.octetStringBytes() == [0x61, 0x62])
    }

    @Test func reportsLengthPastTheEndWithItsOffset() {
        #expect(throws: ASN1Error.lengthPastEnd(offset: 0, length: 16, available: 2, within: "the input")) {
            try ASN1Node(parsing: [0x30, 0x10, 0x02, 0x00])
        }
        // The element at offset 4 claims 5 bytes inside a parent that ends two bytes later.
        #expect(throws: ASN1Error.lengthPastEnd(offset: 4, length: 5, available: 0, within: "its enclosing element")) {
            try ASN1Node(parsing: [0x30, 0x06, 0x30, 0x02, 0x04, 0x05, 0x05, 0x00]).children()[0].children()
        }
    }

    /// Headers OpenSSL refuses as a whole but that are complete: the message still says the length is too long.
    @Test func reportsHugeDeclaredLengthsAsRunningPastTheEnd() throws {
        #expect(
            throws: DecodeError.container(
                .asn1(.lengthPastEnd(offset: 0, length: 0xFFFF_FFFF, available: 0, within: "the input")))
        ) {
            try ReceiptDecoder.decode([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF])
        }
        #expect(throws: DecodeError.container(.asn1(.invalidHeader(offset: 0)))) {
            try ReceiptDecoder.decode([0x30, 0x84, 0xFF, 0xFF])
        }
    }

    @Test func reportsTrailingBytesAndMissingEndOfContents() {
        #expect(throws: ASN1Error.trailingBytes(offset: 2, count: 3)) { try ASN1Node(parsing: [0x30, 0x00, 1, 2, 3]) }
        #expect(throws: ASN1Error.missingEndOfContents(offset: 0)) { try ASN1Node(parsing: [0x30, 0x80, 0x02, 0x01, 0x01]) }
        #expect(throws: ASN1Error.invalidHeader(offset: 0)) { try ASN1Node(parsing: [0x30]) }
    }

    @Test func stopsHostileNestingQuickly() {
        let deep: [UInt8] = (0..<200_000).map { $0 % 2 == 0 ? 0x30 : 0x80 }
        #expect(throws: ASN1Error.nestingTooDeep(offset: 2 * (ASN1Reader.maximumDepth + 1), limit: ASN1Reader.maximumDepth)) {
            try ASN1Node(parsing: deep)
        }
    }

    @Test func decodesObjectIdentifiersAndIntegers() throws {
        let oid = try ASN1Node(parsing: [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02])
        #expect(try ASN1ObjectIdentifier(node: oid) == .signedData)
        #expect(try ASN1Node(parsing: [0x02, 0x02, 0xFF, 0x7F]).int64Value() == -129)
        #expect(try ASN1Node(parsing: [0x02, 0x04, 0x50, 0x32, 0x33, 0x34]).int64Value() == 0x5032_3334)
    }
}
