/// One in-app purchase (a type 17 attribute of the app receipt).
public struct InAppPurchase: Sendable {
    public let attributes: AttributeSet
    /// Offset of the type 17 attribute that holds this purchase.
    public let offset: Int

    /// `budget` is how many more attributes the receipt may hold (see ``Limits/maximumAttributesPerReceipt``).
    init(attribute: ReceiptAttribute, budget: inout Int) throws(ASN1Error) {
        offset = attribute.offset
        attributes = try AttributeSet(
            node: attribute.valueNode.parseContentAsElement(), table: ReceiptField.inAppFields, nestedType: nil,
            budget: &budget)
    }

    public var quantity: Int64? { attributes.fields[1701]?.integer }
    public var productID: String? { attributes.fields[1702]?.string }
    public var transactionID: String? { attributes.fields[1703]?.string }
    public var purchaseDate: Timestamp? { attributes.fields[1704]?.timestamp }
    public var originalTransactionID: String? { attributes.fields[1705]?.string }
    public var originalPurchaseDate: Timestamp? { attributes.fields[1706]?.timestamp }
    /// 0 non-consumable, 1 consumable, 2 non-renewing subscription, 3 auto-renewable subscription.
    public var productType: Int64? { attributes.fields[1707]?.integer }
    public var expiresDate: Timestamp? { attributes.fields[1708]?.timestamp }
    public var webOrderLineItemID: Int64? { attributes.fields[1711]?.integer }
    public var cancellationDate: Timestamp? { attributes.fields[1712]?.timestamp }
    public var isTrialPeriod: Bool? { attributes.fields[1713]?.flag }
    public var isInIntroOfferPeriod: Bool? { attributes.fields[1719]?.flag }
    public var promotionalOfferID: String? { attributes.fields[1721]?.string }
}
