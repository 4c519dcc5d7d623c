import Foundation
import TestSupport
import Testing

@testable import ReceiptKit

/// The decoder takes sixteen characters per step while the text is plain alphabet characters and falls back to one
/// at a time around whitespace, padding, URL-safe characters and errors. These tests hold it to Foundation on clean
/// text and to a one-character-at-a-time model of the documented rules on messy text, so every block boundary and
/// every fallback point gives the same bytes, alphabet, error offset and message.
@Suite struct LenientBase64FastPathTests {
    /// What the decoder must answer, read one character at a time: whitespace is skipped, '=' starts the
    /// padding, an alphabet character after it or any other character is an error at its offset.
    static func model(_ text: [UInt8]) -> Result<([UInt8], LenientBase64.Alphabet), LenientBase64.Failure> {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var out: [UInt8] = []
        var bits: UInt32 = 0
        var pending = 0
        var padding: Int? = nil
        var last = 0
        var standard = false
        var urlSafe = false
        for (offset, byte) in text.enumerated() {
            var code: UInt32? = alphabet.firstIndex(of: byte).map { UInt32($0) }
            switch byte {
            case UInt8(ascii: "+"), UInt8(ascii: "/"):
                code = byte == UInt8(ascii: "+") ? 62 : 63
                standard = true
            case UInt8(ascii: "-"), UInt8(ascii: "_"):
                code = byte == UInt8(ascii: "-") ? 62 : 63
                urlSafe = true
            default: break
            }
            if let code {
                if let padding {
                    return .failure(
                        .init(offset: offset, reason: "data continues after the '=' padding at offset \(padding)"))
                }
                last = offset
                bits = bits << 6 | code
                pending += 1
                if pending == 4 {
                    out += [UInt8(bits >> 16 & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits & 0xFF)]
                    bits = 0
                    pending = 0
                }
            } else if ASCII.isWhitespace(byte) {
                continue
            } else if byte == UInt8(ascii: "=") {
                padding = padding ?? offset
            } else {
                let shown =
                    (0x21...0x7E).contains(byte)
                    ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
                return .failure(.init(offset: offset, reason: "invalid character \(shown)"))
            }
        }
        switch pending {
        case 1:
            return .failure(
                .init(offset: last, reason: "a single base64 character left over at the end (truncated input?)"))
        case 2: out.append(UInt8(bits >> 4 & 0xFF))
        case 3: out += [UInt8(bits >> 10 & 0xFF), UInt8(bits >> 2 & 0xFF)]
        default: break
        }
        return .success((out, standard && urlSafe ? .mixed : (urlSafe ? .urlSafe : .standard)))
    }

    /// The decoder's answer in the model's shape.
    static func decoded(_ text: some Collection<UInt8>) -> Result<([UInt8], LenientBase64.Alphabet), LenientBase64.Failure> {
        do throws(LenientBase64.Failure) {
            let (bytes, alphabet) = try LenientBase64.decode(text)
            return .success((bytes, alphabet))
        } catch {
            return .failure(error)
        }
    }

    static func same(
        _ left: Result<([UInt8], LenientBase64.Alphabet), LenientBase64.Failure>,
        _ right: Result<([UInt8], LenientBase64.Alphabet), LenientBase64.Failure>
    ) -> Bool {
        switch (left, right) {
        case (.success(let a), .success(let b)): return a.0 == b.0 && a.1 == b.1
        case (.failure(let a), .failure(let b)): return a == b
        default: return false
        }
    }

    @Test func cleanTextOfEveryLengthMatchesFoundation() throws {
        var random = SplitMix(state: 7)
        var checked = 0
        for length in 0..<700 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let text = Array(Data(bytes).base64EncodedString().utf8)
            let expected = try #require(Data(base64Encoded: Data(text))).map { $0 }
            let (decoded, _) = try LenientBase64.decode(text)
            #expect(decoded == expected, "length \(length)")
            #expect(decoded == bytes, "length \(length)")
            // Unpadded, and from a slice that does not start at index 0 (what batch lines hand over).
            let unpadded = text.filter { $0 != UInt8(ascii: "=") }
            let framed = [UInt8]("id\t".utf8) + unpadded + [0x0A]
            #expect(try LenientBase64.decode(framed[3..<(framed.count - 1)]).bytes == bytes, "length \(length)")
            checked += 1
        }
        #expect(checked == 700)
    }

    @Test func nonContiguousInputDecodesLikeAnArray() throws {
        let bytes = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let text = Array(Data(bytes).base64EncodedString().utf8)
        #expect(try LenientBase64.decode(text.lazy.map { $0 }).bytes == bytes)
    }

    /// Random text made mostly of clean runs with whitespace, padding, both alphabets and bad bytes dropped in at
    /// random places: the decoder answers exactly what the model answers (bytes, alphabet, or offset and message).
    @Test func messyTextMatchesTheOneCharacterModel() throws {
        var random = SplitMix(state: 2026)
        let extras: [UInt8] = Array(" \t\r\n\u{0B}\u{0C}=+/-_#.\u{00}".utf8) + [0x80, 0xFF]
        var failures = 0
        var successes = 0
        for round in 0..<4000 {
            let length = random.below(120)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            var text = Array(Data(bytes).base64EncodedString().utf8)
            let edits = round % 5 == 0 ? 0 : random.below(4)
            for _ in 0..<edits where !text.isEmpty {
                let position = random.below(text.count + 1)
                let extra = extras[random.below(extras.count)]
                if random.below(3) == 0, position < text.count {
                    text[position] = extra
                } else {
                    text.insert(extra, at: position)
                }
            }
            if round % 7 == 0, !text.isEmpty { text.removeLast(random.below(min(3, text.count) + 1)) }
            let expected = Self.model(text)
            let actual = Self.decoded(text)
            #expect(Self.same(actual, expected), "round \(round): \(String(decoding: text, as: UTF8.self))")
            if case .failure = expected { failures += 1 } else { successes += 1 }
        }
        // Both branches must really have been exercised.
        #expect(failures > 500)
        #expect(successes > 500)
    }

    @Test func anInvalidCharacterIsReportedAtItsOffsetWhereverItFalls() throws {
        let clean = Array(Data((0..<60).map { UInt8($0) }).base64EncodedString().utf8)
        #expect(clean.count == 80)
        for position in 0..<clean.count {
            var text = clean
            text[position] = UInt8(ascii: "#")
            let error = try #require(throws: LenientBase64.Failure.self) { try LenientBase64.decode(text) }
            #expect(error.offset == position)
            #expect(error.reason == "invalid character '#'")
            text[position] = 0xFF
            let binary = try #require(throws: LenientBase64.Failure.self) { try LenientBase64.decode(text) }
            #expect(binary == LenientBase64.Failure(offset: position, reason: "invalid character byte 0xff"))
        }
    }

    @Test func paddingAndTruncationErrorsKeepTheirOffsets() throws {
        // Padding in the middle of what would be a sixteen-character block.
        let afterPadding = try #require(throws: LenientBase64.Failure.self) {
            try LenientBase64.decode(Array("QUJDREVGR0hJSktM==TU5PUFFS".utf8))
        }
        #expect(
            afterPadding == LenientBase64.Failure(offset: 18, reason: "data continues after the '=' padding at offset 16"))
        // One character left after seventeen clean groups: the offset is that last character's.
        let text = Array(String(repeating: "QUJD", count: 17).utf8) + Array(" \nQ\n".utf8)
        let leftover = try #require(throws: LenientBase64.Failure.self) { try LenientBase64.decode(text) }
        #expect(leftover.offset == 70)
        #expect(leftover.reason == "a single base64 character left over at the end (truncated input?)")
    }

    @Test func theAlphabetIsLearntInsideAndOutsideTheFastBlocks() throws {
        let base = String(repeating: "QUJD", count: 8)
        // In a sixteen-character block, in the four-character tail, and next to whitespace.
        #expect(try LenientBase64.decode(Array(("+" + base.dropFirst()).utf8)).alphabet == .standard)
        #expect(try LenientBase64.decode(Array(("_" + base.dropFirst()).utf8)).alphabet == .urlSafe)
        #expect(try LenientBase64.decode(Array((base + "QU-D").utf8)).alphabet == .urlSafe)
        #expect(try LenientBase64.decode(Array(("-" + base.dropFirst() + " QU/D").utf8)).alphabet == .mixed)
        #expect(try LenientBase64.decode(Array(base.utf8)).alphabet == .standard)
    }
}
