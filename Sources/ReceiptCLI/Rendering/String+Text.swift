import ReceiptKit

/// Small text helpers for the CLI's renderers and option parsing.
extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

extension [String] {
    /// The lines of a text rendering, one layout line each, joined with line feeds and ending in one. A line
    /// feed, carriage return, tab or line separator inside a line came from a value (a forged product id can hold
    /// one), so it is escaped there and cannot draw a line of its own, such as `verdict valid`.
    var renderedLines: String { map(\.escapingControlCharacters).joined(separator: "\n") + "\n" }
}

extension String {
    /// Pads with spaces to at least `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// The text cut to at most `width` characters: longer text keeps its start and end around a `…`, because
    /// identifiers such as product ids share long prefixes and differ at the end.
    func shortened(to width: Int) -> String {
        guard count > width, width > 2 else { return self }
        let tail = (width - 1) / 2
        return String(prefix(width - 1 - tail)) + "…" + String(suffix(tail))
    }
}
