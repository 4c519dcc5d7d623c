/// Subscription inputs from verified StoreKit 2 data (a Get All Subscription Statuses answer, a transaction
/// history, a notification or a lone transaction): the signed transactions and renewal infos, in the names
/// verifyReceipt uses, so ``SubscriptionEvaluator`` applies the same rules to both eras.
///
/// Only items whose own verdict is `valid` are counted; the others (forged, altered, untrusted, unreadable) are
/// listed in ``excluded`` and named in the explanations. Apple's status codes are kept beside the result in
/// ``appleStatuses`` with the state each maps to (``AppleSubscriptionStatus``), never fed into the evaluation:
/// in an API answer the code sits outside the signed items, and the signed renewal info says the same thing.
public struct StoreKitSubscriptionInputs: Sendable {
    public let inputs: SubscriptionInputs
    /// Apple's status per subscription, for subscriptions whose signed items were counted.
    public let appleStatuses: [AppleSubscriptionStatus]
    /// Items not counted, with their reports (a notification that is not valid is listed too: its
    /// `data.status` is then not used, while the Apple-signed items nested in it still count on their own).
    public let excluded: [SignedDataReport]

    /// From an App Store Server API answer (or notification body) that was verified.
    public init(_ report: SignedDataBodyReport) {
        self.init(items: report.items, origin: report.body.kind)
    }

    /// From a verified notification, transaction or renewal info handed in on its own.
    public init(_ report: SignedDataReport) {
        self.init(items: [report], origin: nil)
    }

    private init(items: [SignedDataReport], origin: SignedDataBody.Kind?) {
        let all = items.flatMap(\.allItems)
        let counted = all.filter { $0.ownVerdict == .valid }
        let excluded = all.filter { $0.ownVerdict != .valid }
        let countedPayloads = counted.compactMap { item in item.jws.map { (item, $0.payload) } }

        let transactions = countedPayloads.filter { $0.0.kind == .transaction }.map { Self.purchase($0.1) }
        let renewals = countedPayloads.filter { $0.0.kind == .renewalInfo }.map { Self.renewal($0.1) }
        var statuses: [AppleSubscriptionStatus] = []
        for (item, payload) in countedPayloads {
            if item.kind == .transaction, let status = item.appleStatus,
                let original = payload["originalTransactionId"]?.scalarText
            {
                statuses.append(
                    AppleSubscriptionStatus(
                        originalTransactionID: original, productID: payload["productId"]?.scalarText, status: status,
                        path: Self.statusPath(item.path), signed: false))
            }
            if item.kind == .notification, let status = payload["data"]?["status"]?.int64Value,
                let transaction = item.nested.first(where: { $0.kind == .transaction && $0.ownVerdict == .valid })?.jws?.payload,
                let original = transaction["originalTransactionId"]?.scalarText
            {
                statuses.append(
                    AppleSubscriptionStatus(
                        originalTransactionID: original, productID: transaction["productId"]?.scalarText, status: status,
                        path: item.path.isEmpty ? "data.status" : "\(item.path).data.status", signed: true))
            }
        }

        let signed = countedPayloads.compactMap { item, payload in
            SignedPayloadFacts(payload: payload, expected: item.kind).signedTime?.value
        }
        let environments = Set(countedPayloads.compactMap { SignedPayloadFacts(payload: $0.1).environment?.value })
        var explanations = excluded.map { item in
            "\(item.path.isEmpty ? "the input" : item.path): \(item.ownVerdict?.rawValue ?? "not verified")"
                + Self.failedChecks(item) + ", not counted"
        }
        explanations += statuses.map { status in
            "subscription \(status.originalTransactionID): Apple's status \(status.status) (\(status.meaning))"
                + (status.state.map { ", which is this tool's \($0.rawValue)" } ?? "")
                + (status.signed ? "" : "; the code is not signed, it sits beside the signed items")
        }
        if renewals.isEmpty, transactions.contains(where: { $0.expiresDate != nil }) {
            explanations.append("no verified renewal info: auto-renew, grace period and billing retry are unknown")
        }

        inputs = SubscriptionInputs(
            transactions: transactions, renewals: renewals, sandbox: environments.contains("Sandbox"),
            defaultTime: signed.max(), defaultTimeSource: .payload("signedDate (the latest of the verified items)"),
            cannotKnow: Self.limits(origin: origin, items: items), explanations: explanations)
        appleStatuses = statuses
        self.excluded = excluded
    }

    /// `data[0].lastTransactions[1].signedTransactionInfo` -> `data[0].lastTransactions[1].status`.
    private static func statusPath(_ itemPath: String) -> String {
        guard let dot = itemPath.lastIndex(of: ".") else { return "status" }
        return String(itemPath[..<dot]) + ".status"
    }

    private static func failedChecks(_ item: SignedDataReport) -> String {
        if case .undecodable(let error) = item.content { return " (\(error))" }
        let failed = item.report?.failedCheckIDs ?? []
        return failed.isEmpty ? "" : " (\(failed.map(\.rawValue).joined(separator: ", ")))"
    }

    private static func limits(origin: SignedDataBody.Kind?, items: [SignedDataReport]) -> [String] {
        switch origin {
        case .subscriptionStatuses?:
            return ["transactions before each subscription's latest (the answer carries only the last transaction of each)"]
        case .transactionHistory?, .refundHistory?:
            return ["renewal infos, unless given separately (a transaction history carries none)"]
        default:
            if items.contains(where: { $0.kind == .notification }) {
                return ["the customer's other subscriptions and earlier transactions (a notification carries one transaction)"]
            }
            return ["everything but the items handed in"]
        }
    }

    /// A JWSTransactionDecodedPayload under verifyReceipt's names (receipt-format.md §6.6, §7.3).
    static func purchase(_ payload: JSONValue) -> PurchaseRecord {
        var fields: [String: JSONValue] = [:]
        let renames = [
            ("transactionId", "transaction_id"), ("originalTransactionId", "original_transaction_id"),
            ("productId", "product_id"),
            ("webOrderLineItemId", "web_order_line_item_id"), ("quantity", "quantity"),
            ("subscriptionGroupIdentifier", "subscription_group_identifier"), ("inAppOwnershipType", "in_app_ownership_type"),
            ("revocationReason", "cancellation_reason"), ("isUpgraded", "is_upgraded"),
        ]
        for (from, to) in renames { fields[to] = payload[from] }
        let dates = [
            ("purchaseDate", "purchase_date_ms"), ("originalPurchaseDate", "original_purchase_date_ms"),
            ("expiresDate", "expires_date_ms"), ("revocationDate", "cancellation_date_ms"),
        ]
        for (from, to) in dates {
            if let instant = StoreKitDate.timestamp(payload[from]) { fields[to] = .string(String(instant.milliseconds)) }
        }
        // verifyReceipt's two flags from the offer: an introductory offer (offerType 1) that is a free trial,
        // or another introductory offer.
        let introductory = payload["offerType"]?.int64Value == 1
        let freeTrial = introductory && payload["offerDiscountType"]?.scalarText == "FREE_TRIAL"
        fields["is_trial_period"] = .string(freeTrial ? "true" : "false")
        fields["is_in_intro_offer_period"] = .string(introductory && !freeTrial ? "true" : "false")
        let productTypes = [
            "Non-Consumable": 0, "Consumable": 1, "Non-Renewing Subscription": 2, "Auto-Renewable Subscription": 3,
        ]
        if let type = payload["type"]?.scalarText, let code = productTypes[type] { fields["product_type"] = .integer(code) }
        return PurchaseRecord(json: fields)
    }

    /// A JWSRenewalInfoDecodedPayload under pending_renewal_info's names (§6.7, §7.4).
    static func renewal(_ payload: JSONValue) -> PendingRenewal {
        var fields: [String: JSONValue] = [:]
        let renames = [
            ("originalTransactionId", "original_transaction_id"), ("productId", "product_id"),
            ("autoRenewProductId", "auto_renew_product_id"), ("autoRenewStatus", "auto_renew_status"),
            ("expirationIntent", "expiration_intent"), ("isInBillingRetryPeriod", "is_in_billing_retry_period"),
        ]
        for (from, to) in renames { fields[to] = payload[from] }
        if let grace = StoreKitDate.timestamp(payload["gracePeriodExpiresDate"]) {
            fields["grace_period_expires_date_ms"] = .string(String(grace.milliseconds))
        }
        return PendingRenewal(json: fields)
    }
}
