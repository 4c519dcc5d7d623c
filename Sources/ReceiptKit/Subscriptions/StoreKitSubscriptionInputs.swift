/// Subscription inputs from verified StoreKit 2 data (a Get All Subscription Statuses answer, a transaction
/// history, a notification or a lone transaction): the signed transactions and renewal infos, in the names
/// verifyReceipt uses, so ``SubscriptionEvaluator`` applies the same rules to both eras.
///
/// Only items whose own verdict is `valid` are counted; the others (forged, altered, untrusted, unreadable) are
/// listed in ``excluded`` and named in the explanations. Apple's status codes are kept beside the result in
/// ``appleStatuses`` with the state each maps to (``AppleSubscriptionStatus``), never fed into the evaluation:
/// in an API answer the code sits outside the signed items, and the signed renewal info says the same thing.
public struct StoreKitSubscriptionInputs: Sendable {
    /// The transactions and renewals of the items that count, for ``SubscriptionEvaluator``.
    public let inputs: SubscriptionInputs
    /// Apple's status per subscription, for subscriptions whose signed items were counted.
    package let appleStatuses: [AppleSubscriptionStatus]
    /// Items not counted, with their reports (a notification that is not valid is listed too: its
    /// `data.status` is then not used, while the Apple-signed items nested in it still count on their own).
    public let excluded: [SignedDataReport]

    /// From an App Store Server API answer (or notification body) that was verified.
    /// - Parameter report: The verified answer; only items whose verdict is `valid` count.
    public init(_ report: SignedDataBodyReport) {
        self.init(items: report.items, origin: report.body.kind)
    }

    /// From a verified notification, transaction or renewal info handed in on its own.
    /// - Parameter report: The verified item; counted only when its verdict is `valid`.
    public init(_ report: SignedDataReport) {
        self.init(items: [report], origin: nil)
    }

    private init(items: [SignedDataReport], origin: SignedDataBody.Kind?) {
        let all = items.flatMap(\.allItems)
        let counted = all.filter { $0.ownVerdict == .valid }
        let excluded = all.filter { $0.ownVerdict != .valid }
        let models = counted.compactMap { item in item.jws.map { (item, $0.storeKit(expected: item.kind)) } }

        let transactions = models.compactMap { $0.1.transaction }.map(Self.purchase)
        let renewals = models.compactMap { $0.1.renewalInfo }.map(Self.renewal)
        var statuses: [AppleSubscriptionStatus] = []
        for (item, model) in models {
            if let transaction = model.transaction, let status = item.appleStatus,
                let original = transaction.originalTransactionID
            {
                statuses.append(
                    AppleSubscriptionStatus(
                        originalTransactionID: original, productID: transaction.productID, status: status,
                        path: Self.statusPath(item.path), signed: false))
            }
            if let status = model.notification?.section.flatMap({ $0.kind == .data ? $0.status : nil }),
                let transaction = item.nested.first(where: { $0.kind == .transaction && $0.ownVerdict == .valid })?
                    .jws?.storeKit(expected: .transaction).transaction,
                let original = transaction.originalTransactionID
            {
                statuses.append(
                    AppleSubscriptionStatus(
                        originalTransactionID: original, productID: transaction.productID, status: status,
                        path: item.path.isEmpty ? "data.status" : "\(item.path).data.status", signed: true))
            }
        }

        let facts = models.map { SignedPayloadFacts($0.1) }
        let signed = facts.compactMap { $0.signedTime?.value }
        let environments = Set(facts.compactMap { $0.environment?.value })
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
            transactions: transactions, renewals: renewals, sandbox: environments.contains(.sandbox),
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

    /// A JWSTransactionDecodedPayload under verifyReceipt's names (receipt-format.md §6.6, §7.3), each value
    /// in the JSON type Apple signs it with.
    static func purchase(_ model: JWSTransaction) -> PurchaseRecord {
        var fields: [String: JSONValue] = [:]
        let texts = [
            ("transaction_id", model.transactionID), ("original_transaction_id", model.originalTransactionID),
            ("product_id", model.productID), ("web_order_line_item_id", model.webOrderLineItemID),
            ("subscription_group_identifier", model.subscriptionGroupIdentifier),
            ("in_app_ownership_type", model.inAppOwnershipType?.rawValue),
        ]
        for case (let key, let value?) in texts { fields[key] = .string(value) }
        fields["quantity"] = model.quantity.map { .integer($0) }
        fields["cancellation_reason"] = model.revocationReason.map { .integer($0.rawValue) }
        fields["is_upgraded"] = model.isUpgraded.map { .bool($0) }
        let dates = [
            ("purchase_date_ms", model.purchaseDate), ("original_purchase_date_ms", model.originalPurchaseDate),
            ("expires_date_ms", model.expiresDate), ("cancellation_date_ms", model.revocationDate),
        ]
        for case (let key, let instant?) in dates { fields[key] = .string(String(instant.milliseconds)) }
        // verifyReceipt's two flags from the offer: an introductory offer (offerType 1) that is a free trial,
        // or another introductory offer.
        let introductory = model.offerType == .introductory
        let freeTrial = introductory && model.offerDiscountType == .freeTrial
        fields["is_trial_period"] = .string(freeTrial ? "true" : "false")
        fields["is_in_intro_offer_period"] = .string(introductory && !freeTrial ? "true" : "false")
        let productTypes: [StoreKitProductType: Int] = [
            .nonConsumable: 0, .consumable: 1, .nonRenewingSubscription: 2, .autoRenewableSubscription: 3,
        ]
        if let type = model.type, let code = productTypes[type] { fields["product_type"] = .integer(code) }
        return PurchaseRecord(json: fields)
    }

    /// A JWSRenewalInfoDecodedPayload under pending_renewal_info's names (§6.7, §7.4).
    static func renewal(_ model: JWSRenewalInfo) -> PendingRenewal {
        var fields: [String: JSONValue] = [:]
        let texts = [
            ("original_transaction_id", model.originalTransactionID), ("product_id", model.productID),
            ("auto_renew_product_id", model.autoRenewProductID),
        ]
        for case (let key, let value?) in texts { fields[key] = .string(value) }
        fields["auto_renew_status"] = model.autoRenewStatus.map { .integer($0) }
        fields["expiration_intent"] = model.expirationIntent.map { .integer($0) }
        fields["is_in_billing_retry_period"] = model.isInBillingRetryPeriod.map { .bool($0) }
        if let grace = model.gracePeriodExpiresDate {
            fields["grace_period_expires_date_ms"] = .string(String(grace.milliseconds))
        }
        return PendingRenewal(json: fields)
    }
}
