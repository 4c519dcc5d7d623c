/// StoreKit 2 dates: JSON numbers of milliseconds since 1970 (receipt-format.md §3.4).
///
/// Apple's servers send integers; Xcode's StoreKit Testing sends fractional ones (`1697679936049.7297`) and
/// dates as early as year 1 (`-62135769600000`). Fractions are cut to whole milliseconds, toward the past.
package enum StoreKitDate {
    /// Beyond ±10^16 ms (about ±317,000 years) a value is not a date; the bound also keeps the conversion exact.
    static let limit = 1e16

    /// The instant a JSON value names, or nil when it is not a number of milliseconds in range.
    ///
    /// Apple signs dates as JSON numbers. A string is read only when it is plain decimal digits (some tools
    /// re-serialise Apple's numbers as text); a signed, hexadecimal, fractional or exponent string is not a
    /// date, since `Double` would read `"0x18BCFE56800"` or `"+1700..."` as one.
    package static func timestamp(_ value: JSONValue?) -> Timestamp? {
        let text: String
        switch value {
        case .number(let number)?: text = number
        case .string(let string)?:
            guard !string.isEmpty, string.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            text = string
        default: return nil
        }
        if let whole = Int64(text), Double(whole).magnitude < limit { return Timestamp(milliseconds: whole) }
        guard let number = Double(text), number.isFinite, number.magnitude < limit else { return nil }
        return Timestamp(milliseconds: Int64(number.rounded(.down)))
    }

    /// Every millisecond date in `value` (keys ending in `Date` with a number), keyed by its path
    /// (`expiresDate`, `data.signedDate`, `items[0].purchaseDate`), as RFC 3339 text.
    package static func renderedDates(in value: JSONValue) -> [String: String] {
        var found: [String: String] = [:]
        collect(value, path: "", depth: 0, into: &found)
        return found
    }

    /// Nesting deeper than this is not Apple's shape; the bound keeps hostile input from recursing deeply.
    private static let maximumDepth = 16

    private static func collect(_ value: JSONValue, path: String, depth: Int, into found: inout [String: String]) {
        guard depth < maximumDepth else { return }
        switch value {
        case .object(let members):
            for (key, member) in members {
                let memberPath = path.isEmpty ? key : "\(path).\(key)"
                if key.hasSuffix("Date"), case .number = member, let instant = timestamp(member) {
                    found[memberPath] = instant.rfc3339
                } else {
                    collect(member, path: memberPath, depth: depth + 1, into: &found)
                }
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                collect(item, path: "\(path)[\(index)]", depth: depth + 1, into: &found)
            }
        default:
            break
        }
    }
}
