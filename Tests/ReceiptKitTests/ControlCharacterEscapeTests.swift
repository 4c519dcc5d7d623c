import ReceiptKit
import Testing

/// What reaches a terminal cannot act on it: every control a terminal interprets becomes a visible escape.
@Suite struct ControlCharacterEscapeTests {
    @Test func escapesEveryC0ControlDeleteAndC1Control() {
        let controls = (0x00...0x1F).map { $0 } + (0x7F...0x9F).map { $0 }
        for value in controls {
            let scalar = Unicode.Scalar(UInt32(value))!
            let escaped = "a\(Character(scalar))b".escapingControlCharacters
            let hex = String(value, radix: 16)
            #expect(escaped == "a\\u\(String(repeating: "0", count: 4 - hex.count))\(hex)b", "U+\(hex)")
        }
        #expect("\u{1B}[2K".escapingControlCharacters == "\\u001b[2K")
        #expect("line\nnext\ttab\r".escapingControlCharacters == "line\\u000anext\\u0009tab\\u000d")
    }

    @Test func escapesBidiOverridesAndIsolates() {
        for value in Array(0x202A...0x202E) + Array(0x2066...0x2069) {
            let scalar = Unicode.Scalar(UInt32(value))!
            #expect(String(Character(scalar)).escapingControlCharacters == "\\u\(String(value, radix: 16))")
        }
    }

    @Test func keepingLayoutLeavesOnlyLineFeedAndTab() {
        #expect("a\nb\tc\r\u{1B}[8m\u{202E}".escapingControlCharactersKeepingLayout == "a\nb\tc\\u000d\\u001b[8m\\u202e")
    }

    /// Line and paragraph separators break lines in many terminals and viewers: never the tool's layout.
    @Test func escapesLineAndParagraphSeparatorsInBothModes() {
        #expect("a\u{2028}b\u{2029}c".escapingControlCharacters == "a\\u2028b\\u2029c")
        #expect("a\u{2028}b\u{2029}c".escapingControlCharactersKeepingLayout == "a\\u2028b\\u2029c")
    }

    @Test func ordinaryTextIsUnchanged() {
        for text in ["", "com.example.app", "C:\\path\\u001b is literal", "Zürich 東京 😀", "\u{200D}\u{A0}"] {
            #expect(text.escapingControlCharacters == text)
            #expect(text.escapingControlCharactersKeepingLayout == text)
        }
    }

    /// No control character survives, whatever the input: the output is printable in any terminal.
    @Test func nothingTerminalActiveSurvives() {
        var all = ""
        for value in 0...0x2100 {
            if let scalar = Unicode.Scalar(UInt32(value)) { all.unicodeScalars.append(scalar) }
        }
        let escaped = all.escapingControlCharacters
        #expect(
            !escaped.unicodeScalars.contains {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                    || (0x2066...0x2069).contains($0.value)
            })
        #expect(escaped.count > all.count)
    }
}
