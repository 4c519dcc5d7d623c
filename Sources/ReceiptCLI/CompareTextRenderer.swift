import ReceiptKit

/// The human rendering of a compare document.
enum CompareTextRenderer {
    static func render(_ document: JSONValue) -> String {
        var lines: [String] = []
        let response = document["response"]
        lines.append("verdict (local)    \(document["verification"]?["verdict"]?.scalarText ?? "-")")
        lines.append(
            "status (Apple)     \(response?["status"]?.scalarText ?? "-"): \(response?["status_meaning"]?.scalarText ?? "")")
        lines.append("environment        \(response?["environment"]?.scalarText ?? "-")")
        lines.append("agreement          \(document["agrees"] == .bool(true) ? "no disagreement" : "DISAGREE")")
        for difference in document["differences"]?.arrayValue ?? [] {
            let local = difference["local"].map { JSONWriter(pretty: false).string($0) } ?? "-"
            let remote = difference["remote"].map { JSONWriter(pretty: false).string($0) } ?? "-"
            lines.append(
                "  \(difference["kind"]?.scalarText ?? "")".padding(15)
                    + " \(difference["path"]?.scalarText ?? "")  local \(local)  Apple \(remote)")
        }
        let knowledge = document["remote_knowledge"]?.arrayValue ?? []
        if !knowledge.isEmpty { lines.append("only Apple knows") }
        for item in knowledge { lines.append("  \(item["path"]?.scalarText ?? ""): \(item["note"]?.scalarText ?? "")") }
        for note in document["notes"]?.arrayValue ?? [] { lines.append("note: \(note.scalarText ?? "")") }
        if let subscriptions = document["subscriptions"] {
            lines.append("subscriptions")
            lines.append(
                SubscriptionsTextRenderer.render(subscriptions).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
