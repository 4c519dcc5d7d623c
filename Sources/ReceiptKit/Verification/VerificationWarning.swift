/// Something odd about a receipt that does not change the verdict: a decoding remark or a date combination a
/// genuine receipt does not show.
public struct VerificationWarning: Sendable, Equatable {
    /// The kind of finding; the raw value is the JSON id.
    public enum Kind: String, Sendable {
        /// A remark of the decoder (e.g. an extra OCTET STRING around the payload).
        case decode
        /// The original purchase date is after the receipt was made.
        case originalPurchaseAfterCreation = "dates.original_purchase_after_creation"
        /// A purchase date is after the receipt was made.
        case purchaseAfterCreation = "dates.purchase_after_creation"
        /// A purchase expires before it was bought.
        case expiresBeforePurchase = "dates.expires_before_purchase"
        /// A purchase's cancellation date is before its purchase date.
        case cancellationBeforePurchase = "dates.cancellation_before_purchase"
    }

    /// The kind of finding.
    public let kind: Kind
    /// What was found, in words.
    public let detail: String

    package init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }
}
