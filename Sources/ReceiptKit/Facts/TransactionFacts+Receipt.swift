/// The facts of a receipt's purchases: an app receipt's in-app purchase attributes (inside the signed payload)
/// and an iOS 6 receipt's purchase info (the signed plist).
extension TransactionFacts {
    /// What `transactionID`, `purchaseDate` and the other accessors of `purchase` answer, read in one pass over
    /// its records instead of a scan (and a retain of the records) per field: a big receipt has hundreds of
    /// purchases. A set holds at most one valued record per type (the decoder leaves repeats unknown), so the
    /// record a case meets is the one the accessor would find, and its state decides the same way.
    /// - Parameter purchase: one in-app purchase set of an app receipt.
    public init(purchase: InAppPurchase) {
        let attributes = purchase.attributes
        let bytes = attributes.recordBytes
        // Locals, not the fields of self: mutating one in the loop made the optimiser copy the struct whole.
        var texts: (product: String?, transaction: String?, original: String?) = (nil, nil, nil)
        var dates: (purchase: Timestamp?, expires: Timestamp?, cancellation: Timestamp?) = (nil, nil, nil)
        var flags: (trial: Bool?, intro: Bool?) = (nil, nil)
        var numbers: (quantity: Int64?, webOrder: Int64?) = (nil, nil)
        for record in attributes.records where record.state.hasValue {
            switch (InAppField(rawValue: record.type), record.state) {
            case (.productID?, .string): texts.product = record.text(bytes)
            case (.transactionID?, .string): texts.transaction = record.text(bytes)
            case (.originalTransactionID?, .string): texts.original = record.text(bytes)
            case (.purchaseDate?, .date): dates.purchase = Timestamp(milliseconds: record.number)
            case (.expiresDate?, .date): dates.expires = Timestamp(milliseconds: record.number)
            case (.cancellationDate?, .date): dates.cancellation = Timestamp(milliseconds: record.number)
            case (.isTrialPeriod?, .flag): flags.trial = record.number == 1
            case (.isInIntroOfferPeriod?, .flag): flags.intro = record.number == 1
            case (.quantity?, .integer): numbers.quantity = record.number
            case (.webOrderLineItemID?, .integer): numbers.webOrder = record.number
            default: break
            }
        }
        self.init(
            transactionID: texts.transaction, originalTransactionID: texts.original, productID: texts.product,
            purchaseDate: dates.purchase, expiresDate: dates.expires, revocationDate: dates.cancellation)
        isTrialPeriod = flags.trial
        isInIntroOfferPeriod = flags.intro
        quantity = numbers.quantity
        webOrderLineItemID = numbers.webOrder.map { String($0) }
    }

    /// The one purchase of an iOS 6 receipt, from its signed purchase info (Apple's hyphenated keys).
    /// - Parameter receipt: the decoded iOS 6 receipt.
    public init(transactionReceipt receipt: TransactionReceipt) {
        let info = receipt.purchaseInfo
        self.init(
            transactionID: info["transaction-id"], originalTransactionID: info["original-transaction-id"],
            productID: info["product-id"], purchaseDate: receipt.purchaseDate,
            expiresDate: Self.milliseconds(info["expires-date"]),
            revocationDate: Self.milliseconds(info["cancellation-date"]))
        isTrialPeriod = Self.flag(info["is-trial-period"])
        isInIntroOfferPeriod = Self.flag(info["is-in-intro-offer-period"])
        quantity = info["quantity"].flatMap { Int64($0) }
        webOrderLineItemID = info["web-order-line-item-id"]
    }

    /// An iOS 6 purchase-info flag ("true"/"false"); anything else is not known.
    private static func flag(_ text: String?) -> Bool? {
        switch text {
        case "true"?: return true
        case "false"?: return false
        default: return nil
        }
    }

    /// An iOS 6 `*-date` value in milliseconds, within the instants the tool reads from input
    /// (``Timestamp/supportedRange``); anything else is left out.
    private static func milliseconds(_ text: String?) -> Timestamp? {
        guard let text, let value = Int64(text) else { return nil }
        do {
            return try Timestamp(checkedMilliseconds: value)
        } catch {
            return nil
        }
    }
}
