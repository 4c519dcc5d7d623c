/// What a StoreKit 2 signed payload is, told from its fields (Apple's header does not say).
public enum SignedDataKind: String, Sendable, CaseIterable {
    /// JWSTransactionDecodedPayload (receipt-format.md §7.3).
    case transaction
    /// JWSRenewalInfoDecodedPayload (§7.4).
    case renewalInfo = "renewal_info"
    /// AppTransaction (§7.5).
    case appTransaction = "app_transaction"
    /// An App Store Server Notification V2 payload (§7.6).
    case notification
    /// None of the above: the fields match no payload type this tool knows.
    case unknown

    /// The kind the payload's own fields show; `expected` (from where the item was found, e.g. a
    /// `signedRenewalInfo` key) decides only when the fields say nothing, never against them.
    ///
    /// - Parameters:
    ///   - payload: The decoded payload JSON.
    ///   - expected: The kind the item's position implies, or nil.
    public init(payload: JSONValue, expected: SignedDataKind? = nil) {
        let has = { (key: String) in payload[key] != nil }
        if has("notificationType") {
            self = .notification
        } else if has("receiptType") || (has("appAppleId") && has("applicationVersion")) {
            self = .appTransaction
        } else if has("transactionId") {
            self = .transaction
        } else if ["autoRenewStatus", "autoRenewProductId", "renewalDate", "expirationIntent"].contains(where: has) {
            self = .renewalInfo
        } else {
            self = expected ?? .unknown
        }
    }
}
