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

extension String {
    /// Pads with spaces to at least `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// "app_receipt" as "app receipt", for messages.
    /// "app_receipt" as "app receipt", for messages.
    var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
}
