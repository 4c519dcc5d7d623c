import TestSupport
import Testing

@testable import ReceiptKit

/// The attribute loop reads the usual attribute (every length in one octet) in one pass before the general
/// reader. Whatever it accepts must read exactly as ``AttributeSet/plainAttribute(_:_:)`` reads it; these tests
/// hold it to that on every attribute of the vectors and on random and damaged attributes.
@Suite struct AttributeShortFormTests {
    static func same(_ left: AttributeRecord, _ right: AttributeRecord) -> Bool {
        left.type == right.type && left.version == right.version && left.offset == right.offset
            && left.valueOffset == right.valueOffset && left.valueStart == right.valueStart
            && left.valueEnd == right.valueEnd && left.valueDepth == right.valueDepth
    }

    /// Reads `bytes` as one element and compares both readers on it; answers whether the short form took it.
    static func compare(_ bytes: [UInt8], depth: Int = 1) -> Bool {
        bytes.withUnsafeBufferPointer { pointer in
            guard let header = DERHeader.read(pointer, at: 0, limit: pointer.count) else { return false }
            let node = ASN1Span(header: header, at: 0, depth: depth)
            let plain = AttributeSet.plainAttribute(node, pointer)
            guard let short = AttributeSet.shortFormAttribute(node, pointer) else { return false }
            #expect(plain.map { same($0, short) } == true, "\(bytes)")
            return true
        }
    }

    @Test func randomAndDamagedAttributesReadAlike() {
        var random = SplitMix(state: 1313)
        var taken = 0
        var refused = 0
        for round in 0..<20_000 {
            let typeCount = 1 + random.below(random.below(4) == 0 ? 10 : 3)
            let versionCount = 1 + random.below(3)
            let valueCount = random.below(140)
            var content: [UInt8] = [0x02, UInt8(typeCount)] + (0..<typeCount).map { _ in UInt8(random.below(256)) }
            content += [0x02, UInt8(versionCount)] + (0..<versionCount).map { _ in UInt8(random.below(256)) }
            content += HostileInputs.tlv(0x04, (0..<valueCount).map { _ in UInt8(random.below(256)) })
            var bytes = HostileInputs.tlv(0x30, content)
            // Most rounds damage one or two header octets, some append a trailing byte inside the SEQUENCE.
            for _ in 0..<(round % 3) {
                let position = random.below(min(bytes.count, 2 + typeCount + versionCount + 8))
                bytes[position] = random.below(2) == 0 ? UInt8(random.below(256)) : bytes[position] &+ 1
            }
            if round % 11 == 0 { bytes = HostileInputs.tlv(0x30, content + [0x00]) }
            if Self.compare(bytes, depth: round % 97 == 0 ? Limits.maximumASN1Depth : 1) {
                taken += 1
            } else {
                refused += 1
            }
        }
        #expect(taken > 5_000)
        #expect(refused > 5_000)
    }

    @Test func everyAttributeOfTheVectorsReadsAlike() throws {
        var taken = 0
        for expected in try VectorExpectation.of(kind: "receipt") {
            let receipt = try appReceipt(expected.file).receipt
            let bytes = receipt.attributes.storage.bytes
            for set in [receipt.attributes] + receipt.inApp.map(\.attributes) {
                for record in set.records {
                    let end = record.valueEnd
                    if Self.compare(Array(bytes[record.offset..<end])) { taken += 1 }
                }
            }
        }
        #expect(taken > 100)
    }
}

/// Receipt strings are tested for UTF-8 eight bytes at a time while they are ASCII; any other byte sends the
/// whole text to the UTF-8 validator, as before.
@Suite struct ASCIIScanTests {
    @Test func aHighByteAnywhereIsSeen() {
        var checked = 0
        for length in 0..<40 {
            let ascii = [UInt8]((0..<length).map { UInt8(0x20 + $0 % 90) })
            #expect(ascii.withUnsafeBufferPointer(ASN1SpanReader.isASCII))
            for position in 0..<length {
                for high: UInt8 in [0x80, 0xC3, 0xFF] {
                    var text = ascii
                    text[position] = high
                    #expect(!text.withUnsafeBufferPointer(ASN1SpanReader.isASCII), "length \(length) at \(position)")
                    checked += 1
                }
            }
        }
        #expect(checked == 2_340)
    }

    @Test func stringFieldsStillTellUTF8FromOtherBytes() throws {
        let accented = AttributeLookupTests.attribute(1702, HostileInputs.tlv(0x0C, Array("caf\u{E9} product id".utf8)))
        let broken = AttributeLookupTests.attribute(1705, HostileInputs.tlv(0x0C, Array("ab".utf8) + [0xFF, 0x41]))
        let receipt = try AttributeLookupTests.receipt(purchase: [accented, broken])
        let purchase = try #require(receipt.inApp.first)
        #expect(purchase.productID == "caf\u{E9} product id")
        #expect(purchase.originalTransactionID == nil)
        #expect(purchase.attributes.unknownAttributes.map(\.type) == [1705])
    }
}
