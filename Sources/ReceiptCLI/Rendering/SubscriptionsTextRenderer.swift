import ReceiptKit

/// The human rendering of a subscriptions document.
enum SubscriptionsTextRenderer {
    static func render(_ report: SubscriptionReport) -> String { lines(report).renderedLines }

    /// The rendering's lines, one layout line each (compare indents them under its own heading).
    static func lines(_ report: SubscriptionReport) -> [String] {
        var lines = ["at                \(report.time.rfc3339) (\(report.timeSource.rendered(.commandLine)))"]
        if report.inputs.sandbox { lines.append("environment       Sandbox") }
        for item in report.result.subscriptions {
            let renew = item.autoRenew.map { $0 ? "auto-renew on" : "auto-renew off" } ?? ""
            lines.append(
                item.state.rawValue.padding(17) + " \(item.productID) (original \(item.originalTransactionID)), expires "
                    + "\(item.latestExpiresDate?.appleGMT ?? "-") \(renew)")
            lines += item.trail.map { "    - \($0.rendered(.commandLine))" }
            lines += item.notes.map { "    note: \($0)" }
        }
        for product in report.result.productsNeedingPeriod {
            lines.append("non-renewing \(product) needs a term: --period \(product)=P1M")
        }
        // StoreKit 2 statuses and uncounted items are said in the explanations; the JSON lists them too.
        let limitLabel: String
        if case .receipt = report.origin { limitLabel = "a receipt alone cannot know" } else { limitLabel = "cannot know" }
        lines += report.inputs.cannotKnow.map { "\(limitLabel): \($0)" }
        lines += report.inputs.explanations.map { "note: \($0)" }
        return lines
    }
}
