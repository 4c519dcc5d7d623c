/// Something odd about a receipt that does not change the verdict: a decoding remark or a date combination a
/// genuine receipt does not show.
public struct VerificationWarning: Sendable, Equatable {
    /// The kind of finding; the raw value is the JSON id.
    public enum Kind: String, Sendable {
        case decode
        case originalPurchaseAfterCreation = "dates.original_purchase_after_creation"
        case purchaseAfterCreation = "dates.purchase_after_creation"
        case expiresBeforePurchase = "dates.expires_before_purchase"
        case cancellationBeforePurchase = "dates.cancellation_before_purchase"
    }

    public let kind: Kind
    public let detail: String

    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }
}
