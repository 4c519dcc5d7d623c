/// A decoded app receipt payload: every attribute, the known ones typed, the rest kept raw.
public struct Receipt: Sendable {
    public let attributes: AttributeSet
    public let inApp: [InAppPurchase]

    /// Set when the payload SET sat inside one extra OCTET STRING: the remark that says so.
    public let payloadWrappingWarning: String?

    /// Decodes the payload element (a SET OF ReceiptAttribute).
    ///
    /// Exactly one extra OCTET STRING around the SET is accepted with a warning: some test tooling signs the DER
    /// of an OCTET STRING rather than of the SET (a peer suite's `receipt-double-wrapped` fixture), and what is
    /// inside is still unambiguous. A second extra wrapping is refused: nothing makes such receipts.
    public init(payload: ASN1Node) throws(ASN1Error) {
        var budget = Limits.maximumAttributesPerReceipt
        var set = payload
        var wrapping: String? = nil
        if Self.isOctetString(payload) {
            set = try payload.parseContentAsElement()
            if Self.isOctetString(set) {
                throw .invalidContent(
                    offset: set.offset,
                    reason: "the receipt payload is wrapped in a second extra OCTET STRING (only one extra wrapping is "
                        + "accepted; expected SET OF ReceiptAttribute)")
            }
            wrapping =
                "the receipt payload is wrapped in one extra OCTET STRING at offset \(payload.offset); "
                + "read the SET OF ReceiptAttribute inside it at offset \(set.offset)"
        }
        payloadWrappingWarning = wrapping
        attributes = try AttributeSet(
            node: set, table: ReceiptField.appFields, nestedType: ReceiptField.inAppPurchaseType, budget: &budget)
        var purchases: [InAppPurchase] = []
        purchases.reserveCapacity(attributes.nested.count)
        for attribute in attributes.nested { purchases.append(try InAppPurchase(attribute: attribute, budget: &budget)) }
        inApp = purchases
    }

    public var receiptType: String? { attributes.fields[0]?.string }
    public var appItemID: Int64? { attributes.fields[1]?.integer }
    public var bundleID: String? { attributes.fields[2]?.string }
    public var applicationVersion: String? { attributes.fields[3]?.string }
    public var opaqueValue: [UInt8]? { attributes.fields[4]?.bytes }
    public var sha1Hash: [UInt8]? { attributes.fields[5]?.bytes }
    public var creationDate: Timestamp? { attributes.fields[12]?.timestamp }
    public var originalPurchaseDate: Timestamp? { attributes.fields[18]?.timestamp }
    public var originalApplicationVersion: String? { attributes.fields[19]?.string }
    public var expirationDate: Timestamp? { attributes.fields[21]?.timestamp }

    /// The full value octets of the bundle id attribute (the DER UTF8String, tag and length included), which the
    /// device hash covers; nil when there is no bundle id attribute.
    public var bundleIDValueBytes: ArraySlice<UInt8>? {
        attributes.attributes.first { $0.type == 2 }?.value
    }

    /// The environment the receipt type names.
    public var environment: ReceiptEnvironment { ReceiptEnvironment(receiptType: receiptType) }

    /// Warnings from the receipt and all its purchases, in order.
    public var warnings: [String] {
        (payloadWrappingWarning.map { [$0] } ?? []) + attributes.warnings
            + inApp.enumerated().flatMap { index, purchase in
                purchase.attributes.warnings.map { "in_app[\(index)]: \($0)" }
            }
    }

    /// An OCTET STRING in either form (a BER writer may use the constructed one).
    private static func isOctetString(_ node: ASN1Node) -> Bool {
        node.identifier.tagClass == .universal && node.identifier.tagNumber == 4
    }
}
