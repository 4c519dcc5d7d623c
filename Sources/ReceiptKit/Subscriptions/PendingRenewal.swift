/// One `pending_renewal_info` entry: what will happen at the next renewal of a subscription.
public struct PendingRenewal: Sendable {
    /// The entry's keys as received.
    public let fields: [String: JSONValue]
    /// `original_transaction_id`: the subscription this entry is about.
    public let originalTransactionID: String?
    /// `product_id`: the product now subscribed to.
    public let productID: String?
    /// `auto_renew_product_id`: the product the subscription renews to.
    public let autoRenewProductID: String?
    /// "1" will renew, "0" the customer turned it off.
    public let autoRenewStatus: Bool?
    /// "1" cancelled, "2" billing error, "3" price increase not consented, "4" product unavailable, "5" other.
    public let expirationIntent: String?
    /// `is_in_billing_retry_period`: Apple is still trying to charge the renewal.
    public let isInBillingRetryPeriod: Bool?
    /// `grace_period_expires_date`: when the grace period ends, when there is one.
    public let gracePeriodExpiresDate: Timestamp?
    /// Dates present but unreadable, each naming its key (see ``PurchaseRecord/dateProblems``).
    public let dateProblems: [String]

    /// Reads the typed fields; a field missing or unreadable is nil.
    /// - Parameter json: One `pending_renewal_info` entry.
    public init(json: [String: JSONValue]) {
        fields = json
        originalTransactionID = json["original_transaction_id"]?.scalarText
        productID = json["product_id"]?.scalarText
        autoRenewProductID = json["auto_renew_product_id"]?.scalarText
        autoRenewStatus = PurchaseRecord.flag(json["auto_renew_status"])
        expirationIntent = json["expiration_intent"]?.scalarText
        isInBillingRetryPeriod = PurchaseRecord.flag(json["is_in_billing_retry_period"])
        var problems: [String] = []
        gracePeriodExpiresDate = PurchaseRecord.date(json, "grace_period_expires_date", problems: &problems)
        dateProblems = problems
    }

    /// What an expiration intent code means (receipt-format.md §6.7).
    package static func meaning(ofExpirationIntent code: String) -> String {
        switch code {
        case "1": return "the customer cancelled the subscription"
        case "2": return "billing error: the customer's payment was no longer valid"
        case "3": return "the customer did not consent to a price increase"
        case "4": return "the product was not available for purchase at renewal"
        case "5": return "unknown reason"
        default: return "undocumented expiration intent"
        }
    }
}
