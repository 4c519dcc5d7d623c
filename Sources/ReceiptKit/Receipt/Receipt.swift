/// A decoded app receipt payload: every attribute, the known ones typed, the rest kept raw.
public struct Receipt: Sendable {
    package let attributes: AttributeSet
    /// Every in-app purchase (type 17 attributes), in payload order.
    public let inApp: [InAppPurchase]

    /// Set when the payload SET sat inside one extra OCTET STRING: the remark that says so.
    public let payloadWrappingWarning: String?

    /// Decodes the payload element (a SET OF ReceiptAttribute).
    ///
    /// Exactly one extra OCTET STRING around the SET is accepted with a warning: some test tooling signs the DER
    /// of an OCTET STRING rather than of the SET (a peer suite's `receipt-double-wrapped` fixture), and what is
    /// inside is still unambiguous. A second extra wrapping is refused: nothing makes such receipts.
    package init(payload: ASN1Node) throws(ASN1Error) {
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
        let storage = set.storage
        (attributes, inApp) = try storage.withSpanReader { reader throws(ASN1Error) in
            let attributes = try AttributeSet(
                span: ASN1Span(set), reader: reader, table: .app, nestedType: ReceiptField.inAppPurchaseType,
                budget: &budget)
            var purchases: [InAppPurchase] = []
            for record in attributes.records where record.state == .nested {
                let inner = try reader.innerElement(of: record.value)
                let purchase = try AttributeSet(span: inner, reader: reader, table: .inApp, nestedType: nil, budget: &budget)
                purchases.append(InAppPurchase(attributes: purchase, offset: record.offset))
            }
            return (attributes, purchases)
        }
    }

    /// Attribute 0: the receipt type (`Production`, `ProductionSandbox`, `Xcode`, …); see ``environment``.
    public var receiptType: String? { attributes.string(ofType: 0) }
    /// Attribute 1: the app's App Store item id (0 in the sandbox).
    public var appItemID: Int64? { attributes.integer(ofType: 1) }
    /// Attribute 2: the app's bundle identifier.
    public var bundleID: String? { attributes.string(ofType: 2) }
    /// Attribute 3: the app version (CFBundleVersion) the receipt was made for.
    public var applicationVersion: String? { attributes.string(ofType: 3) }
    /// Attribute 4: the opaque value the device hash covers.
    public var opaqueValue: [UInt8]? { attributes.bytes(ofType: 4) }
    /// Attribute 5: the SHA-1 hash the device hash check recomputes.
    public var sha1Hash: [UInt8]? { attributes.bytes(ofType: 5) }
    /// Attribute 12: when the App Store made this receipt; the chain is checked at this time by default.
    public var creationDate: Timestamp? { attributes.timestamp(ofType: 12) }
    /// Attribute 18: when the app was first bought.
    public var originalPurchaseDate: Timestamp? { attributes.timestamp(ofType: 18) }
    /// Attribute 19: the app version first bought (CFBundleVersion, or CFBundleShortVersionString on macOS).
    public var originalApplicationVersion: String? { attributes.string(ofType: 19) }
    /// Attribute 21: when the receipt expires (Volume Purchase Program receipts only).
    public var expirationDate: Timestamp? { attributes.timestamp(ofType: 21) }

    /// The full value octets of the bundle id attribute (the DER UTF8String, tag and length included), which the
    /// device hash covers; nil when there is no bundle id attribute.
    package var bundleIDValueBytes: ArraySlice<UInt8>? {
        attributes.firstRecord(ofType: 2).map { attributes.storage.bytes[$0.valueStart..<$0.valueEnd] }
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
