import ReceiptKit

/// The report's rows as CSV (RFC 4180): one header line, then one line per product, day and environment, in
/// the report's order, every event kind a column. Lines end with CRLF, as RFC 4180 and spreadsheets expect.
extension Report {
    /// The header's column names, in order.
    package static var csvColumns: [String] {
        ["date", "environment", "product_id"] + ReportEventKind.allCases.map(\.rawValue) + ["offer_flags_unknown"]
    }

    package var csv: String {
        var lines = [Self.csvColumns.joined(separator: ",")]
        for row in rows {
            var fields = [row.key.day.description, Self.csvField(row.key.environment), Self.csvField(row.key.productID)]
            fields += ReportEventKind.allCases.map { String(row.count($0)) }
            fields.append(String(row.offerFlagsUnknown))
            lines.append(fields.joined(separator: ","))
        }
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// A text field from the input, made safe for CSV readers and terminals: control characters escaped as the
    /// text output does, a leading `=`, `+`, `-`, `@` prefixed with `'` so that a spreadsheet shows a product id
    /// such as `=HYPERLINK(...)` instead of running it, and quoted when it holds a comma, quote or space.
    static func csvField(_ text: String?) -> String {
        guard let text, !text.isEmpty else { return "" }
        var field = text.escapingControlCharacters
        if let first = field.first, "=+-@".contains(first) { field = "'" + field }
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == " " }) else { return field }
        return "\"" + field.replacingAll("\"", with: "\"\"") + "\""
    }
}

extension String {
    /// Every occurrence of `target` replaced (Foundation-free).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
