/// One purchase as its signed data states it, under one set of names for every era: an app receipt's in-app
/// purchase attributes, an iOS 6 receipt's purchase info, a StoreKit 2 signed transaction. A field the input does
/// not carry is nil.
public struct TransactionFacts: Sendable, Equatable {
    /// This purchase's id (compared as bytes).
    public var transactionID: String?
    /// The id of the first purchase of this product by the account; renewals and restores share it.
    public var originalTransactionID: String?
    /// The product's id as App Store Connect names it.
    public var productID: String?
    /// When the App Store charged the account (for a renewal: when it renewed).
    public var purchaseDate: Timestamp?
    /// When an auto-renewable subscription period ends; nil for other products.
    public var expiresDate: Timestamp?
    /// StoreKit 2's `revocationDate`; a receipt's `cancellation_date` (`cancellation-date` in iOS 6).
    public var revocationDate: Timestamp?
    /// StoreKit 2's `revocationReason`; receipts carry none.
    public var revocationReason: RevocationReason?
    /// StoreKit 2's `inAppOwnershipType`; receipts carry none (every purchase is the account's own).
    public var ownership: InAppOwnershipType?
    /// How many of a consumable were bought in this purchase.
    public var quantity: Int64?
    /// As text in every era (an app receipt holds it as an integer, StoreKit 2 and iOS 6 as a string).
    public var webOrderLineItemID: String?
    /// A free trial, an introductory offer, an upgrade to another subscription of the group, where the
    /// payload says (StoreKit 2's offer fields read as verifyReceipt's flags, ``offerFlags(_:)``).
    public var isTrialPeriod: Bool?
    /// In an introductory offer's period (verifyReceipt's `is_in_intro_offer_period`).
    public var isInIntroOfferPeriod: Bool?
    /// Replaced by an upgrade to another subscription of the group (verifyReceipt's `is_upgraded`).
    public var isUpgraded: Bool?
    /// StoreKit 2: the transaction's own signed `environment` and `bundleId` (a notification may nest a
    /// transaction of another app or environment); receipts: nil, the input's own apply.
    public var environment: InputEnvironment?
    /// StoreKit 2's signed `bundleId` of this transaction (see ``environment``).
    public var bundleID: String?
    /// Where the signed transaction sits in the input (`signedPayload.data.signedTransactionInfo`); "" for the
    /// input itself and for a receipt's purchases.
    public var path: String = ""

    package init(
        transactionID: String? = nil, originalTransactionID: String? = nil, productID: String? = nil,
        purchaseDate: Timestamp? = nil, expiresDate: Timestamp? = nil, revocationDate: Timestamp? = nil
    ) {
        self.transactionID = transactionID
        self.originalTransactionID = originalTransactionID
        self.productID = productID
        self.purchaseDate = purchaseDate
        self.expiresDate = expiresDate
        self.revocationDate = revocationDate
    }

    /// True for a purchase shared through Family Sharing.
    public var isFamilyShared: Bool { ownership == .familyShared }
}
