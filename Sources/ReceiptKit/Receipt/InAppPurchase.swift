/// One in-app purchase (a type 17 attribute of the app receipt).
public struct InAppPurchase: Sendable {
    package let attributes: AttributeSet
    /// Offset of the type 17 attribute that holds this purchase.
    public let offset: Int

    init(attributes: AttributeSet, offset: Int) {
        self.attributes = attributes
        self.offset = offset
    }

    /// Attribute 1701: the number of items bought.
    public var quantity: Int64? { attributes.integer(ofType: 1701) }
    /// Attribute 1702: the product identifier as set up in App Store Connect.
    public var productID: String? { attributes.string(ofType: 1702) }
    /// Attribute 1703: this transaction's identifier (compare it as bytes, not as a number).
    public var transactionID: String? { attributes.string(ofType: 1703) }
    /// Attribute 1704: when the App Store charged for this transaction.
    public var purchaseDate: Timestamp? { attributes.timestamp(ofType: 1704) }
    /// Attribute 1705: the transaction a restore or renewal goes back to; groups a subscription's periods.
    public var originalTransactionID: String? { attributes.string(ofType: 1705) }
    /// Attribute 1706: the purchase date of the original transaction (a restore or renewal keeps it).
    public var originalPurchaseDate: Timestamp? { attributes.timestamp(ofType: 1706) }
    /// 0 non-consumable, 1 consumable, 2 non-renewing subscription, 3 auto-renewable subscription.
    public var productType: Int64? { attributes.integer(ofType: 1707) }
    /// Attribute 1708: when this period of an auto-renewable subscription ends.
    public var expiresDate: Timestamp? { attributes.timestamp(ofType: 1708) }
    /// Attribute 1711: the web order line item id, stable across a subscription's devices.
    public var webOrderLineItemID: Int64? { attributes.integer(ofType: 1711) }
    /// Attribute 1712: when Apple refunded or revoked the purchase; nil when it stands.
    public var cancellationDate: Timestamp? { attributes.timestamp(ofType: 1712) }
    /// Attribute 1713: whether this period was a free trial.
    public var isTrialPeriod: Bool? { attributes.flag(ofType: 1713) }
    /// Attribute 1719: whether this period was an introductory offer.
    public var isInIntroOfferPeriod: Bool? { attributes.flag(ofType: 1719) }
    /// Attribute 1721: the promotional offer redeemed, when one was.
    public var promotionalOfferID: String? { attributes.string(ofType: 1721) }
}
