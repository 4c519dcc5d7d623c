/// One in-app purchase (a type 17 attribute of the app receipt).
public struct InAppPurchase: Sendable {
    package let attributes: AttributeSet
    /// Offset of the type 17 attribute that holds this purchase.
    public let offset: Int

    init(attributes: AttributeSet, offset: Int) {
        self.attributes = attributes
        self.offset = offset
    }

    public var quantity: Int64? { attributes.integer(ofType: 1701) }
    public var productID: String? { attributes.string(ofType: 1702) }
    public var transactionID: String? { attributes.string(ofType: 1703) }
    public var purchaseDate: Timestamp? { attributes.timestamp(ofType: 1704) }
    public var originalTransactionID: String? { attributes.string(ofType: 1705) }
    public var originalPurchaseDate: Timestamp? { attributes.timestamp(ofType: 1706) }
    /// 0 non-consumable, 1 consumable, 2 non-renewing subscription, 3 auto-renewable subscription.
    public var productType: Int64? { attributes.integer(ofType: 1707) }
    public var expiresDate: Timestamp? { attributes.timestamp(ofType: 1708) }
    public var webOrderLineItemID: Int64? { attributes.integer(ofType: 1711) }
    public var cancellationDate: Timestamp? { attributes.timestamp(ofType: 1712) }
    public var isTrialPeriod: Bool? { attributes.flag(ofType: 1713) }
    public var isInIntroOfferPeriod: Bool? { attributes.flag(ofType: 1719) }
    public var promotionalOfferID: String? { attributes.string(ofType: 1721) }
}
