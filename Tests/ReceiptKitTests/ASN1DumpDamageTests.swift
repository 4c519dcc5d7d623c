import ReceiptKit
import TestSupport
import Testing

/// `dump` of every prefix of a receipt (issue 11 point 4): never a trap, a tree of only what is there, and the
/// error `decode` gives for the same bytes.
@Suite struct ASN1DumpDamageTests {
    @Test func everyPrefixShowsWhatIsThereAndTheDecodeError() throws {
        let der = try Fixtures.testVector("receipts/one-inapp.der")
        var previous = 0
        for length in stride(from: 1, to: der.count, by: 5) {
            let prefix = Array(der.prefix(length))
            let result = ASN1Dump.read(der: prefix)
            let decodeError = try #require(throws: DecodeError.self) { try AppReceipt(der: prefix) }
            #expect(result.failure == decodeError, "\(length)")
            guard let tree = result.tree else {
                #expect(length < 4, "a \(length)-byte prefix has a readable header")
                continue
            }
            func offsets(_ node: ASN1DumpNode) -> [Int] { [node.offset] + node.children.flatMap(offsets) }
            let all = offsets(tree)
            #expect(all.allSatisfy { $0 < length } && all == all.sorted(), "\(length)")
            // A longer prefix never shows fewer elements.
            #expect(all.count >= previous, "\(length)")
            previous = all.count
        }
    }
}
