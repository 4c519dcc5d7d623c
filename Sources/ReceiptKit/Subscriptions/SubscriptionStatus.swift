/// The state of one subscription (per original transaction id and product) at a point in time.
public struct SubscriptionStatus: Sendable {
    public enum State: String, Sendable {
        case active
        case expired
        case inGracePeriod = "in_grace_period"
        case inBillingRetry = "in_billing_retry"
        case revoked
        case upgraded
    }

    public enum Kind: String, Sendable {
        case autoRenewable = "auto_renewable"
        case nonRenewing = "non_renewing"
    }

    public let originalTransactionID: String
    public let productID: String
    public let kind: Kind
    public let state: State
    /// From pending_renewal_info; nil when Apple said nothing (non-renewing, or a receipt alone).
    public let autoRenew: Bool?
    public let autoRenewProductID: String?
    public let expirationIntent: String?
    public let latestTransactionID: String?
    public let latestPurchaseDate: Timestamp?
    public let latestExpiresDate: Timestamp?
    public let isTrialPeriod: Bool?
    public let isInIntroOfferPeriod: Bool?
    public let transactionCount: Int
    /// Non-renewing only: a purchase started before the previous one's term ended.
    public let overlap: Bool?
    /// The rules applied, in order, in words.
    public let trail: [Message]
    /// Patterns explained rather than flagged (sandbox's compressed renewals) and real anomalies.
    public let notes: [String]
}
