/// When the signed data says it was signed, and the field that says so: an app receipt's
/// `receipt_creation_date`, an iOS 6 receipt's `purchase-date`, StoreKit 2's first signed item's `signedDate`
/// (with the item's path in the input, `signedPayload.signedDate`).
public struct SigningTime: Sendable, Equatable {
    /// The instant the signed field states.
    public let time: Timestamp
    /// The field, in the input's own names, prefixed by the signed item's path where there is one.
    public let field: String

    package init(_ time: Timestamp, field: String) {
        self.time = time
        self.field = field
    }
}
