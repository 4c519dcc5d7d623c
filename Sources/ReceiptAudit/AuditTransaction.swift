public import ReceiptKit

/// The facts of one purchase that a fraud review compares across records.
public struct AuditTransaction: Sendable, Equatable {
    public var transactionID: String?
    public var originalTransactionID: String?
    public var productID: String?
    public var purchaseDate: Timestamp?
    public var expiresDate: Timestamp?
    public var cancellationDate: Timestamp?
    /// `PURCHASED` or `FAMILY_SHARED` where the payload says (StoreKit 2 carries `inAppOwnershipType`; app and
    /// iOS 6 receipts do not). A family-shared purchase legitimately repeats across accounts, so it never counts
    /// towards `transaction_shared_between_users`.
    public var ownershipType: InAppOwnershipType?
    /// The offer flags where the payload says (nil where it does not): a free trial, an introductory offer, and an
    /// upgrade to another subscription of the group. `report` counts trials, intro offers and upgrades from them.
    public var isTrialPeriod: Bool?
    public var isInIntroOfferPeriod: Bool?
    public var isUpgraded: Bool?
    /// StoreKit 2: the transaction's own signed environment and bundle id, kept only where they differ from the
    /// record's (a notification nesting another app's Sandbox transaction); nil means the record's.
    public var environment: InputEnvironment?
    public var bundleID: String?

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
    public init(_ facts: TransactionFacts) {
        self.init(
            transactionID: facts.transactionID, originalTransactionID: facts.originalTransactionID,
            productID: facts.productID, purchaseDate: facts.purchaseDate, expiresDate: facts.expiresDate,
            cancellationDate: facts.revocationDate, ownershipType: facts.ownership, isTrialPeriod: facts.isTrialPeriod,
            isInIntroOfferPeriod: facts.isInIntroOfferPeriod, isUpgraded: facts.isUpgraded)
    }

    /// True for a purchase shared through Family Sharing.
    public var isFamilyShared: Bool { ownershipType == .familyShared }
}
