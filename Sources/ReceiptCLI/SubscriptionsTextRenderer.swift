import ReceiptKit

/// The human rendering of a subscriptions document.
enum SubscriptionsTextRenderer {
    static func render(_ document: JSONValue) -> String {
        var lines: [String] = []
        lines.append(
            "at                \(document["at"]?["time"]?.scalarText ?? "-") (\(document["at"]?["source"]?.scalarText ?? "-"))")
        if document["sandbox"] == .bool(true) { lines.append("environment       Sandbox") }
        for item in document["items"]?.arrayValue ?? [] {
            let renew =
                item["auto_renew"].flatMap { $0 == .null ? nil : $0.scalarText }.map {
                    $0 == "true" ? "auto-renew on" : "auto-renew off"
                } ?? ""
            lines.append(
                "\(item["state"]?.scalarText ?? "?")".padding(17) + " \(item["product_id"]?.scalarText ?? "?") "
                    + "(original \(item["original_transaction_id"]?.scalarText ?? "?")), expires \(item["latest_expires_date"]?.scalarText ?? "-") \(renew)"
            )
            for step in item["trail"]?.arrayValue ?? [] { lines.append("    - \(step.scalarText ?? "")") }
            for note in item["notes"]?.arrayValue ?? [] { lines.append("    note: \(note.scalarText ?? "")") }
        }
        for product in document["products_needing_period"]?.arrayValue ?? [] {
            lines.append("non-renewing \(product.scalarText ?? "") needs a term: --period \(product.scalarText ?? "")=P1M")
        }
        for limit in document["cannot_know"]?.arrayValue ?? [] {
            lines.append("a receipt alone cannot know: \(limit.scalarText ?? "")")
        }
        for text in document["explanations"]?.arrayValue ?? [] { lines.append("note: \(text.scalarText ?? "")") }
        return lines.joined(separator: "\n") + "\n"
    }
}
