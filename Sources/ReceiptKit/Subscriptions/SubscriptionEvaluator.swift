/// Works out subscription states from transactions and pending renewal info, by Apple's documented rules:
/// the latest transaction of a subscription (greatest expiry) decides; a cancellation date means refunded
/// (revoked) or, with is_upgraded, upgraded; otherwise active until it expires; after expiry the pending
/// renewal info tells grace period, billing retry or expired. Non-renewing subscriptions carry no term, so
/// their validity comes from a period map supplied by the developer.
public struct SubscriptionEvaluator: Sendable {
    /// The instant to evaluate at.
    public let at: Timestamp
    /// Terms of non-renewing subscription products.
    public let periods: [String: ISO8601Duration]
    /// Whether the data comes from the sandbox, where renewals run compressed.
    public let sandbox: Bool

    /// - Parameters:
    ///   - at: The instant to evaluate at (often ``SubscriptionInputs/defaultTime``).
    ///   - periods: Terms of non-renewing products, by product id; without one such a product cannot be placed.
    ///   - sandbox: Whether the data comes from the sandbox (``SubscriptionInputs/sandbox``).
    public init(at: Timestamp, periods: [String: ISO8601Duration] = [:], sandbox: Bool) {
        self.at = at
        self.periods = periods
        self.sandbox = sandbox
    }

    /// The result: subscriptions ordered by latest expiry (ascending), and what could not be placed.
    public struct Result: Sendable {
        /// One state per subscription (original transaction id and product).
        public let subscriptions: [SubscriptionStatus]
        /// Non-renewing products (product type 2) that need a term (a period).
        public let productsNeedingPeriod: [String]
        /// Purchases that are not subscriptions (consumables, non-consumables).
        public let otherPurchaseCount: Int
    }

    /// The state of every subscription at ``at``.
    /// - Parameters:
    ///   - transactions: Every transaction known (``SubscriptionInputs/transactions``); a later record of the same id wins.
    ///   - renewals: Pending renewal info, which decides grace period and billing retry after expiry.
    /// - Returns: The subscriptions, the products that need a term, and how many purchases are no subscription.
    public func evaluate(transactions: [PurchaseRecord], renewals: [PendingRenewal]) -> Result {
        // One record per transaction id; later lists (latest_receipt_info) win over earlier ones (in_app).
        var unique: [String: PurchaseRecord] = [:]
        var anonymous: [PurchaseRecord] = []
        for record in transactions {
            if let id = record.transactionID, id != "0" { unique[id] = record } else { anonymous.append(record) }
        }
        let records = Array(unique.values) + anonymous

        var autoRenewable: [String: [PurchaseRecord]] = [:]
        var nonRenewing: [String: [PurchaseRecord]] = [:]
        var needingPeriod: Set<String> = []
        var other = 0
        for record in records {
            let product = record.productID ?? "?"
            if record.expiresDate != nil, periods[product] == nil {
                autoRenewable["\(record.originalTransactionID ?? "?")\u{0}\(product)", default: []].append(record)
            } else if periods[product] != nil {
                nonRenewing[product, default: []].append(record)
            } else if record.productType == 2 {
                needingPeriod.insert(product)
            } else {
                other += 1
            }
        }
        let renewalIndex = RenewalIndex(renewals)
        var statuses = autoRenewable.values.map { autoRenewableStatus($0, renewals: renewalIndex) }
        statuses += nonRenewing.compactMap { product, purchases in
            periods[product].map { nonRenewingStatus(purchases, product: product, period: $0) }
        }
        statuses.sort {
            let left = $0.latestExpiresDate?.milliseconds ?? Int64.min
            let right = $1.latestExpiresDate?.milliseconds ?? Int64.min
            return left != right
                ? left < right
                : ($0.originalTransactionID, $0.productID) < ($1.originalTransactionID, $1.productID)
        }
        return Result(subscriptions: statuses, productsNeedingPeriod: needingPeriod.sorted(), otherPurchaseCount: other)
    }

    private func autoRenewableStatus(_ group: [PurchaseRecord], renewals: RenewalIndex) -> SubscriptionStatus {
        // Force-unwrap is safe: groups are built from at least one record.
        let latest = group.max { a, b in
            let left = (a.expiresDate?.milliseconds ?? Int64.min, a.purchaseDate?.milliseconds ?? Int64.min)
            let right = (b.expiresDate?.milliseconds ?? Int64.min, b.purchaseDate?.milliseconds ?? Int64.min)
            return left < right
        }!
        let original = latest.originalTransactionID ?? "?"
        let renewal = renewals.byOriginal[original]
        var trail: [Message] = [
            "latest transaction \(latest.transactionID ?? "?") of \(group.count), expires \(latest.expiresDate.map(\.description) ?? "?")"
        ]
        let state: SubscriptionStatus.State
        if let cancelled = latest.cancellationDate {
            if latest.isUpgraded {
                state = .upgraded
                trail.append("cancellation_date \(cancelled) with is_upgraded: the customer upgraded to another product")
            } else {
                state = .revoked
                trail.append(
                    "cancellation_date \(cancelled)"
                        + (latest.cancellationReason.map {
                            " (reason \($0): \($0 == "1" ? "an issue in the app" : "another reason"))"
                        } ?? "")
                        + ": refunded, treat as never purchased")
            }
        } else if let expires = latest.expiresDate, expires > at {
            state = .active
            trail.append("expires \(expires), after \(at): active")
        } else if let grace = renewal?.gracePeriodExpiresDate, grace > at {
            state = .inGracePeriod
            trail.append(
                "expired, but grace_period_expires_date \(grace) is after \(at): in the billing grace period, keep access")
        } else if renewal?.isInBillingRetryPeriod == true {
            state = .inBillingRetry
            trail.append("expired and is_in_billing_retry_period is 1: Apple is still trying to bill")
        } else {
            state = .expired
            trail.append(
                "expired at \(latest.expiresDate.map(\.description) ?? "?"), before \(at)"
                    + (renewal == nil ? renewals.whyNone(product: latest.productID) : ""))
        }
        if let intent = renewal?.expirationIntent {
            trail.append("expiration_intent \(intent): \(PendingRenewal.meaning(ofExpirationIntent: intent))")
        }
        if let renewal {
            trail.append(
                "auto_renew_status \(renewal.autoRenewStatus.map { $0 ? "1 (will renew)" : "0 (turned off)" } ?? "absent")"
                    + (renewal.autoRenewProductID.map { " to \($0)" } ?? ""))
        }
        return SubscriptionStatus(
            originalTransactionID: original, productID: latest.productID ?? "?", kind: .autoRenewable, state: state,
            autoRenew: renewal?.autoRenewStatus, autoRenewProductID: renewal?.autoRenewProductID,
            expirationIntent: renewal?.expirationIntent, latestTransactionID: latest.transactionID,
            latestPurchaseDate: latest.purchaseDate, latestExpiresDate: latest.expiresDate,
            isTrialPeriod: latest.isTrialPeriod, isInIntroOfferPeriod: latest.isInIntroOfferPeriod,
            transactionCount: group.count, overlap: nil, trail: trail, notes: SandboxCadence.notes(for: group, sandbox: sandbox))
    }

    private func nonRenewingStatus(_ purchases: [PurchaseRecord], product: String, period: ISO8601Duration) -> SubscriptionStatus
    {
        let ordered = purchases.sorted { ($0.purchaseDate?.milliseconds ?? 0) < ($1.purchaseDate?.milliseconds ?? 0) }
        var trail: [Message] = [
            "non-renewing: each of \(ordered.count) purchase(s) is valid for \(period) (from \(option: .period))"
        ]
        var overlap = false
        var active = false
        var previousEnd: Timestamp? = nil
        var latestEnd: Timestamp? = nil
        // A term whose end lies past 9999-12-31 (a huge period) has no end to name: it covers every supported
        // instant after its start, which is what `endless` records instead of an overflowing date.
        var endless = false
        for purchase in ordered {
            guard let start = purchase.purchaseDate else { continue }
            let end = period.added(to: start)
            if purchase.cancellationDate != nil {
                trail.append("purchase \(purchase.transactionID ?? "?") was refunded: it gives no access")
                continue
            }
            if endless || previousEnd.map({ start < $0 }) == true {
                overlap = true
                let ended = endless ? "after 9999" : previousEnd.map(\.description) ?? "?"
                trail.append(
                    "purchase \(purchase.transactionID ?? "?") at \(start) starts before the previous term ended (\(ended)): "
                        + "overlapping purchases")
            }
            guard let end else {
                endless = true
                if start <= at { active = true }
                trail.append(
                    "purchase \(purchase.transactionID ?? "?"): \(start) .. past 9999-12-31T23:59:59.999Z "
                        + "(the term \(period) ends outside the supported range)")
                continue
            }
            if start <= at, at < end { active = true }
            previousEnd = max(previousEnd ?? end, end)
            latestEnd = max(latestEnd ?? end, end)
            trail.append("purchase \(purchase.transactionID ?? "?"): \(start) .. \(end)")
        }
        trail.append(active ? "\(at) falls in a term: active" : "\(at) falls in no term: expired")
        let latest = ordered.last
        return SubscriptionStatus(
            originalTransactionID: latest?.originalTransactionID ?? "?", productID: product, kind: .nonRenewing,
            state: active ? .active : .expired, autoRenew: nil, autoRenewProductID: nil, expirationIntent: nil,
            latestTransactionID: latest?.transactionID, latestPurchaseDate: latest?.purchaseDate, latestExpiresDate: latestEnd,
            isTrialPeriod: nil, isInIntroOfferPeriod: nil, transactionCount: ordered.count, overlap: overlap, trail: trail,
            notes: overlap ? ["overlapping purchases of \(product): the customer paid twice for part of a term"] : [])
    }
}
