/// The state of one subscription (per original transaction id and product) at a point in time.
public struct SubscriptionStatus: Sendable {
    /// Where a subscription stands; the raw value is the JSON form.
    public enum State: String, Sendable {
        /// Within its paid (or trial) period.
        case active
        /// Its period ended and it did not renew.
        case expired
        /// Expired, but still entitled while Apple retries the charge (grace period).
        case inGracePeriod = "in_grace_period"
        /// Expired, and Apple is still trying to charge the renewal.
        case inBillingRetry = "in_billing_retry"
        /// Refunded or revoked: the latest transaction carries a cancellation date.
        case revoked
        /// Cancelled because the customer upgraded to another product.
        case upgraded
    }

    /// Whether the subscription renews itself.
    public enum Kind: String, Sendable {
        /// Renews at the end of each period until turned off.
        case autoRenewable = "auto_renewable"
        /// Bought for a term (``SubscriptionEvaluator/periods``).
        case nonRenewing = "non_renewing"
    }

    /// The subscription's original transaction id.
    public let originalTransactionID: String
    /// The product bought.
    public let productID: String
    /// Auto-renewable or non-renewing.
    public let kind: Kind
    /// Where it stands at the evaluation time.
    public let state: State
    /// From pending_renewal_info; nil when Apple said nothing (non-renewing, or a receipt alone).
    public let autoRenew: Bool?
    /// The product the subscription renews to, from pending renewal info.
    public let autoRenewProductID: String?
    /// Why it expired (`expiration_intent`: 1 cancelled, 2 billing error, …), from pending renewal info.
    public let expirationIntent: String?
    /// The transaction that decides the state (the greatest expiry).
    public let latestTransactionID: String?
    /// When the latest transaction was bought.
    public let latestPurchaseDate: Timestamp?
    /// When the latest period ends.
    public let latestExpiresDate: Timestamp?
    /// Whether the latest period was a free trial.
    public let isTrialPeriod: Bool?
    /// Whether the latest period was an introductory offer.
    public let isInIntroOfferPeriod: Bool?
    /// How many transactions the subscription has.
    public let transactionCount: Int
    /// Non-renewing only: a purchase started before the previous one's term ended.
    public let overlap: Bool?
    /// The rules applied, in order, in words.
    public let trail: [Message]
    /// Patterns explained rather than flagged (sandbox's compressed renewals) and real anomalies.
    public let notes: [String]
}
