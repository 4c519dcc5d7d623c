public import ReceiptKit

/// The facts of one purchase that a fraud review compares across records.
public struct AuditTransaction: Sendable, Equatable {
    /// The purchase's own id, kept as signed (ids compare as bytes).
    public var transactionID: String?
    /// The id of the first purchase of a subscription or restore chain.
    public var originalTransactionID: String?
    /// The product the purchase is of.
    public var productID: String?
    /// When the purchase was made.
    public var purchaseDate: Timestamp?
    /// When a subscription period ends; nil for other products.
    public var expiresDate: Timestamp?
    /// When Apple refunded or revoked the purchase, if it did.
    public var cancellationDate: Timestamp?
    /// `PURCHASED` or `FAMILY_SHARED` where the payload says (StoreKit 2 carries `inAppOwnershipType`; app and
    /// iOS 6 receipts do not). A family-shared purchase legitimately repeats across accounts, so it never counts
    /// towards `transaction_shared_between_users`.
    public var ownershipType: InAppOwnershipType?
    /// The offer flags where the payload says (nil where it does not): a free trial, an introductory offer, and an
    /// upgrade to another subscription of the group. `report` counts trials, intro offers and upgrades from them.
    public var isTrialPeriod: Bool?
    /// An introductory offer period (pay as you go, pay up front), as the payload says.
    public var isInIntroOfferPeriod: Bool?
    /// An upgrade to another subscription of the group, as the payload says.
    public var isUpgraded: Bool?
    /// StoreKit 2: the transaction's own signed environment and bundle id, kept only where they differ from the
    /// record's (a notification nesting another app's Sandbox transaction); nil means the record's.
    public var environment: InputEnvironment?
    /// StoreKit 2: the transaction's own signed bundle id where it differs from the record's; nil means the
    /// record's.
    public var bundleID: String?

    /// A transaction with the facts given, the rest unknown (nil); the auditor builds them from signed data.
    ///
    /// - Parameters:
    ///   - transactionID: The purchase's own id.
    ///   - originalTransactionID: The first purchase's id.
    ///   - productID: The product.
    ///   - purchaseDate: When it was bought.
    ///   - expiresDate: When the subscription period ends.
    ///   - cancellationDate: When Apple refunded or revoked it.
    ///   - ownershipType: Purchased or family shared.
    ///   - isTrialPeriod: A free trial.
    ///   - isInIntroOfferPeriod: An introductory offer.
    ///   - isUpgraded: An upgrade within the subscription group.
    public init(
        transactionID: String? = nil, originalTransactionID: String? = nil, productID: String? = nil,
        purchaseDate: Timestamp? = nil, expiresDate: Timestamp? = nil, cancellationDate: Timestamp? = nil,
        ownershipType: InAppOwnershipType? = nil, isTrialPeriod: Bool? = nil, isInIntroOfferPeriod: Bool? = nil,
        isUpgraded: Bool? = nil
    ) {
        self.transactionID = transactionID
        self.originalTransactionID = originalTransactionID
        self.productID = productID
        self.purchaseDate = purchaseDate
        self.expiresDate = expiresDate
        self.cancellationDate = cancellationDate
        self.ownershipType = ownershipType
        self.isTrialPeriod = isTrialPeriod
        self.isInIntroOfferPeriod = isInIntroOfferPeriod
        self.isUpgraded = isUpgraded
    }

    /// The purchase as the audit writes it, from its facts; the transaction's own environment and bundle id are
    /// left to the caller, which keeps them only where they differ from the record's.
    package init(_ facts: TransactionFacts) {
        self.init(
            transactionID: facts.transactionID, originalTransactionID: facts.originalTransactionID,
            productID: facts.productID, purchaseDate: facts.purchaseDate, expiresDate: facts.expiresDate,
            cancellationDate: facts.revocationDate, ownershipType: facts.ownership, isTrialPeriod: facts.isTrialPeriod,
            isInIntroOfferPeriod: facts.isInIntroOfferPeriod, isUpgraded: facts.isUpgraded)
    }

    /// True for a purchase shared through Family Sharing.
    public var isFamilyShared: Bool { ownershipType == .familyShared }
}
