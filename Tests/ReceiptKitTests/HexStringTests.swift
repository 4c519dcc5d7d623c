import ReceiptKit
import TestSupport
import Testing

/// Hex digits are written straight into the String: the same text as one formatted byte at a time.
@Suite struct HexStringTests {
    @Test func matchesFormattedBytesInBothCases() {
        var random = SplitMix(state: 99)
        var checked = 0
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let lower = bytes.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
            #expect(bytes.hexString() == lower)
            #expect(bytes.hexString(uppercase: true) == lower.uppercased())
            #expect(bytes[...].dropFirst(min(1, length)).hexString() == String(lower.dropFirst(min(2, 2 * length))))
            checked += 1
        }
        #expect(checked == 70)
        #expect([0x00, 0x0F, 0xA5, 0xFF].hexString() == "000fa5ff")
    }
}
