/// A decoded app receipt payload: every attribute, the known ones typed, the rest kept raw.
public struct Receipt: Sendable {
    public let attributes: AttributeSet
    public let inApp: [InAppPurchase]

    /// Decodes the payload element (a SET OF ReceiptAttribute).
    public init(payload: ASN1Node) throws(ASN1Error) {
        var budget = Limits.maximumAttributesPerReceipt
        attributes = try AttributeSet(
            node: payload, table: ReceiptField.appFields, nestedType: ReceiptField.inAppPurchaseType, budget: &budget)
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
        attributes.warnings
            + inApp.enumerated().flatMap { index, purchase in
                purchase.attributes.warnings.map { "in_app[\(index)]: \($0)" }
            }
    }
}
