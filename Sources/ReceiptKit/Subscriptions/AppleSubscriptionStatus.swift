/// Apple's subscription status code, as the App Store Server API (Get All Subscription Statuses,
/// `lastTransactions[].status`) and notifications (`data.status`) send it (receipt-format.md §7.4).
///
/// The mapping to this tool's states, which ``SubscriptionEvaluator`` derives from the signed transaction and
/// renewal info themselves:
///
/// | Apple | meaning | state |
/// |---|---|---|
/// | 1 | active | `active` |
/// | 2 | expired | `expired` |
/// | 3 | in the billing retry period | `in_billing_retry` |
/// | 4 | in the billing grace period | `in_grace_period` |
/// | 5 | revoked (refunded, or family sharing withdrawn) | `revoked` |
package struct AppleSubscriptionStatus: Sendable {
    package let originalTransactionID: String
    package let productID: String?
    /// Apple's code, 1-5.
    package let status: Int64
    /// Where the code was read: `data[0].lastTransactions[1].status` (beside the signed items, so not itself
    /// signed) or a notification's `data.status` (inside its signed payload).
    package let path: String
    package let signed: Bool

    package var meaning: String { Self.meaning(ofStatus: status) }
    package var state: SubscriptionStatus.State? { Self.state(ofStatus: status) }

    package static func meaning(ofStatus code: Int64) -> String {
        switch code {
        case 1: return "active"
        case 2: return "expired"
        case 3: return "in the billing retry period"
        case 4: return "in the billing grace period"
        case 5: return "revoked"
        default: return "undocumented status"
        }
    }

    /// The state the code maps to; nil for codes Apple does not document.
    package static func state(ofStatus code: Int64) -> SubscriptionStatus.State? {
        switch code {
        case 1: return .active
        case 2: return .expired
        case 3: return .inBillingRetry
        case 4: return .inGracePeriod
        case 5: return .revoked
        default: return nil
        }
    }
}

extension AppleSubscriptionStatus {
    /// `{meaning, original_transaction_id, path, product_id, signed, state, status}`.
    package func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("meaning")
        output.string(meaning)
        output.key("original_transaction_id")
        output.string(originalTransactionID)
        output.key("path")
        output.string(path)
        output.key("product_id")
        if let productID { output.string(productID) } else { output.null() }
        output.key("signed")
        output.bool(signed)
        output.key("state")
        if let state { output.string(state.rawValue) } else { output.null() }
        output.key("status")
        output.integer(status)
        output.endObject()
    }
}
