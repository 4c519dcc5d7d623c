/// Pending renewal info indexed once per evaluation: the first entry of each original transaction id, and the
/// positions of entries that lack one, by product. Searching the list per subscription made a response with many
/// subscriptions quadratic.
struct RenewalIndex {
    let byOriginal: [String: PendingRenewal]
    /// Positions in `pending_renewal_info` of entries without `original_transaction_id`, by product id.
    let untiedByProduct: [String: [Int]]
    let isEmpty: Bool

    init(_ renewals: [PendingRenewal]) {
        var byOriginal: [String: PendingRenewal] = [:]
        var untied: [String: [Int]] = [:]
        for (index, renewal) in renewals.enumerated() {
            if let original = renewal.originalTransactionID {
                if byOriginal[original] == nil { byOriginal[original] = renewal }
            } else {
                untied[renewal.productID ?? "", default: []].append(index)
            }
        }
        self.byOriginal = byOriginal
        untiedByProduct = untied
        isEmpty = renewals.isEmpty
    }

    /// Why nothing more is known after expiry: no pending renewal info at all, none for this subscription, or an
    /// entry for its product that cannot be tied to it because it lacks `original_transaction_id`. Apple keys
    /// pending renewal info by original transaction, so such an entry is not applied; it is named here and, with
    /// what it says, under the input's explanations (``SubscriptionInputs``), never passed over in silence.
    func whyNone(product: String?) -> String {
        if isEmpty { return "; no pending_renewal_info to say more" }
        guard let untied = untiedByProduct[product ?? ""], !untied.isEmpty else {
            return "; no pending_renewal_info entry for it"
        }
        let entries = untied.map { "pending_renewal_info[\($0)]" }.joined(separator: ", ")
        return "; \(entries) for this product has no original_transaction_id, so it is not applied to this subscription"
    }
}
