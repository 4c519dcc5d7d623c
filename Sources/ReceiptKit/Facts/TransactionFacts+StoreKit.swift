/// A StoreKit 2 signed transaction's facts, from the typed payload (``JWSTransaction``).
extension TransactionFacts {
    /// The facts of one verified signed transaction.
    /// - Parameters:
    ///   - model: the decoded payload of the signed transaction.
    ///   - path: where the transaction sits in the input; "" for the input itself.
    public init(_ model: JWSTransaction, path: String = "") {
        self.init(
            transactionID: model.transactionID, originalTransactionID: model.originalTransactionID,
            productID: model.productID, purchaseDate: model.purchaseDate, expiresDate: model.expiresDate,
            revocationDate: model.revocationDate)
        revocationReason = model.revocationReason
        ownership = model.inAppOwnershipType
        quantity = model.quantity
        webOrderLineItemID = model.webOrderLineItemID
        (isTrialPeriod, isInIntroOfferPeriod) = Self.offerFlags(model)
        isUpgraded = model.isUpgraded == true
        environment = model.environment
        bundleID = model.bundleID
        self.path = path
    }

    /// verifyReceipt's two offer flags from StoreKit 2's offer fields: an introductory offer (`offerType` 1) is a
    /// free trial when `offerDiscountType` is FREE_TRIAL and an intro-price period otherwise, as verifyReceipt
    /// reported them; without `offerDiscountType` (older payloads) an introductory offer's kind is not known.
    /// - Parameter model: the decoded signed transaction.
    /// - Returns: `is_trial_period` and `is_in_intro_offer_period` as verifyReceipt would give them; nil where not known.
    public static func offerFlags(_ model: JWSTransaction) -> (trial: Bool?, intro: Bool?) {
        guard model.offerType == .introductory else { return (false, false) }
        switch model.offerDiscountType {
        case .freeTrial?: return (true, false)
        case nil: return (nil, nil)
        default: return (false, true)
        }
    }
}
