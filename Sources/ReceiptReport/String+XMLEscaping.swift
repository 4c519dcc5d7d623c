import ReceiptKit

extension String {
    /// The text made safe inside an XML (SVG) text node or attribute value: control characters first shown as
    /// visible escapes (``escapingControlCharacters``; XML 1.0 cannot carry most of them even as references),
    /// then `&`, `<`, `>`, `"` and `'` as entity references, and the non-characters U+FFFE and U+FFFF, which XML
    /// forbids too, as visible escapes. A product id from a forged receipt can then neither end the element it
    /// sits in nor inject markup or script into the chart.
    package var escapingXML: String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in escapingControlCharacters.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\u{FFFE}": result += "\\ufffe"
            case "\u{FFFF}": result += "\\uffff"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
