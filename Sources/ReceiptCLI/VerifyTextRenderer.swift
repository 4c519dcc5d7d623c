import ReceiptKit

/// The checklist rendering of a verify document (`--format text`).
enum VerifyTextRenderer {
    static func render(_ document: JSONValue) -> String {
        var lines: [String] = []
        lines.append("source             \(document["input"]?["source"]?.scalarText ?? "-")")
        lines.append("verdict            \(document["verdict"]?.scalarText ?? "-")")
        if let error = document["error"] {
            lines.append("error              \(error["message"]?.scalarText ?? "")")
            return lines.joined(separator: "\n") + "\n"
        }
        if let kind = document["input"]?["kind"]?.scalarText { lines.append("kind               \(kind)") }
        if let bundle = document["receipt"]?["bundle_id"]?.scalarText ?? document["receipt"]?["bid"]?.scalarText {
            lines.append("bundle_id          \(bundle)")
        }
        let time = document["verification_time"]
        lines.append("verification time  \(time?["time"]?.scalarText ?? "none") (\(time?["source"]?.scalarText ?? "-"))")
        let anchor = document["trust_anchor"]
        lines.append(
            "trust anchor       \(anchor?["name"]?.scalarText.map { "\($0) (\(anchor?["source"]?.scalarText ?? ""))" } ?? "none")"
        )
        lines.append("checks")
        for check in document["checks"]?.arrayValue ?? [] {
            let status = check["status"]?.scalarText ?? "?"
            let mark = ["pass": "pass", "fail": "FAIL", "skip": "skip", "error": "ERR "][status] ?? status
            lines.append("  [\(mark)] \((check["id"]?.scalarText ?? "").padding(26)) \(check["detail"]?.scalarText ?? "")")
        }
        let warnings = document["warnings"]?.arrayValue ?? []
        for warning in warnings {
            if let text = warning.scalarText {
                lines.append("warning: \(text)")
            } else {
                lines.append("warning: [\(warning["id"]?.scalarText ?? "")] \(warning["detail"]?.scalarText ?? "")")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
