import ReceiptKit

/// The human rendering of a compare document.
enum CompareTextRenderer {
    static func render(_ document: ComparisonDocument) -> String {
        let response = document.response
        var lines = [
            "verdict (local)    \(document.local.verification.verdict.rawValue)",
            "status (Apple)     \(response.status): \(response.statusMeaning)",
            "environment        \(response.environment ?? "-")",
            "agreement          \(document.agrees ? "no disagreement" : "DISAGREE")",
        ]
        for difference in document.comparison?.differences ?? [] {
            let local = difference.local.map { JSONWriter(pretty: false).string($0) } ?? "-"
            let remote = difference.remote.map { JSONWriter(pretty: false).string($0) } ?? "-"
            lines.append("  \(difference.kind.rawValue)".padding(15) + " \(difference.path)  local \(local)  Apple \(remote)")
        }
        let knowledge = document.comparison?.remoteKnowledge ?? []
        if !knowledge.isEmpty { lines.append("only Apple knows") }
        lines += knowledge.map { "  \($0.path): \($0.note)" }
        lines += document.notes.map { "note: \($0)" }
        if let subscriptions = document.subscriptions {
            lines.append("subscriptions")
            lines.append(
                SubscriptionsTextRenderer.render(subscriptions).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
