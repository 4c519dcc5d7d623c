import Foundation
import ReceiptKit
import Testing

/// The JSON parser copies runs of plain string bytes eight at a time: every special byte (quote, backslash,
/// control character) at every position around the eight-byte steps must still be seen, values must equal
/// Foundation's, and errors must name the same offset a byte-by-byte reading gives.
@Suite struct JSONStringScanTests {
    /// Bytes that end a plain run, and bytes that must not (non-ASCII and the ones just above the controls).
    static let specials: [UInt8] = [0x22, 0x5C, 0x00, 0x01, 0x09, 0x0A, 0x1F]
    static let ordinary: [UInt8] = [0x20, 0x21, 0x23, 0x41, 0x5B, 0x5D, 0x7E, 0x7F]

    struct Refusal: Equatable {
        let offset: Int
        let reason: String
    }

    /// The offset and reason the parser refuses `bytes` with; nil when it accepts them.
    static func failure(_ bytes: [UInt8]) -> Refusal? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return Refusal(offset: error.offset, reason: error.reason)
        }
    }

    @Test func everyEscapeAtEveryPositionParsesAsFoundationParsesIt() throws {
        var checked = 0
        for length in 0..<20 {
            for position in 0..<max(1, length) {
                for escape in ["\\\"", "\\\\", "\\n", "\\u00e9", "\\ud83d\\ude00", "\\/", "é", "😀"] {
                    var body = String(repeating: "a", count: length)
                    if length > 0 {
                        let index = body.index(body.startIndex, offsetBy: position)
                        body.insert(contentsOf: escape, at: index)
                    }
                    let text = "[\"\(body)\"]"
                    let ours = try JSONParser.parse(Array(text.utf8))
                    let theirs = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String])
                    #expect(ours == .array([.string(theirs[0])]), "\(text)")
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test func aControlCharacterIsRefusedAtItsOffsetWhereverItIs() throws {
        var checked = 0
        for length in 1..<26 {
            for position in 0..<length {
                for special in Self.specials where special < 0x20 {
                    var bytes = Array("{\"k\":\"".utf8) + [UInt8](repeating: 0x62, count: length) + Array("\"}".utf8)
                    bytes[6 + position] = special
                    #expect(Self.failure(bytes) == Refusal(offset: 6 + position, reason: "control character in string"))
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test func plainBytesNeverEndARunAndAnUnterminatedStringEndsAtTheEnd() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let length = Int.random(in: 0..<40, using: &random)
            let body = (0..<length).map { _ in Self.ordinary.randomElement(using: &random) ?? 0x61 }
            let closed = Array("\"".utf8) + body + Array("\"".utf8)
            #expect(try JSONParser.parse(closed) == .string(String(decoding: body, as: UTF8.self)))
            let open = Array("\"".utf8) + body
            #expect(Self.failure(open) == Refusal(offset: open.count, reason: "unterminated string"))
        }
    }

    @Test func invalidUTF8IsRefusedAfterTheClosingQuote() throws {
        for length in 0..<17 {
            let bytes = [0x22] + [UInt8](repeating: 0x61, count: length) + [0xFF, 0x22]
            #expect(Self.failure(bytes) == Refusal(offset: bytes.count, reason: "string is not UTF-8"))
        }
    }
}
