extension String {
    /// The text with every character a terminal would act on instead of showing written as a visible `\u001b`-style
    /// escape: C0 controls (U+0000-U+001F, line feed and tab included), DEL, C1 controls (U+0080-U+009F), the line
    /// and paragraph separators (U+2028, U+2029) and the bidirectional overrides and isolates (U+202A-U+202E,
    /// U+2066-U+2069).
    ///
    /// Receipts carry text anyone can write (a forged bundle id, a product id, a response's strings). Printed raw,
    /// an escape sequence in it can erase lines, move the cursor or recolour text, and a bidi override can reorder
    /// what follows, so a report could show `verdict valid` over a failure. Escaped, the bytes are still all there
    /// to read. Backslashes are left alone, so ordinary text (paths, messages) is unchanged.
    package var escapingControlCharacters: String { escaped(keepingLayout: false) }

    /// ``escapingControlCharacters`` but with line feeds and tabs kept, for whole reports and messages whose own
    /// layout uses them; values placed inside such a report should use ``escapingControlCharacters``.
    package var escapingControlCharactersKeepingLayout: String { escaped(keepingLayout: true) }

    private func escaped(keepingLayout: Bool) -> String {
        func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x0A, 0x09: return !keepingLayout
            case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: return true
            default: return false
            }
        }
        // Almost all text has nothing to escape: return it as it is without building a copy.
        guard unicodeScalars.contains(where: needsEscape) else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            guard needsEscape(scalar) else {
                result.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            result.append(contentsOf: "\\u\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)".unicodeScalars)
        }
        return String(result)
    }
}
