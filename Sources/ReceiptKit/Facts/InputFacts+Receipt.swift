/// The facts of a receipt of either era, from what its signature covers.
extension InputFacts {
    /// An app receipt (App Store, sandbox or Xcode): the attributes of its signed payload.
    /// - Parameter appReceipt: the decoded app receipt.
    public init(appReceipt: AppReceipt) {
        let receipt = appReceipt.receipt
        self.init(
            kind: appReceipt.isXcodeReceipt ? .xcodeReceipt : .appReceipt, bundleID: receipt.bundleID,
            environment: InputEnvironment(receipt.environment), appAppleID: receipt.appItemID,
            signingTime: receipt.creationDate.map { SigningTime($0, field: "receipt_creation_date") },
            transactions: receipt.inApp.map(TransactionFacts.init(purchase:)))
    }

    /// An iOS 6 transaction receipt: its signed purchase info. Its environment is no fact: only the unsigned outer
    /// plist states it (``TransactionReceipt/environment``), so anyone can rewrite it without breaking the
    /// signature; it is kept as an unsigned claim, and a check, signal or count that needs it finds none.
    /// - Parameter receipt: the decoded iOS 6 receipt.
    public init(transactionReceipt receipt: TransactionReceipt) {
        let info = receipt.purchaseInfo
        self.init(
            kind: .transactionReceipt, bundleID: info["bid"], environment: nil,
            appAppleID: info["app-item-id"].flatMap { Int64($0) },
            signingTime: receipt.purchaseDate.map { SigningTime($0, field: "purchase-date") },
            transactions: [TransactionFacts(transactionReceipt: receipt)],
            unsignedClaims: [(key: "environment", value: receipt.environment)])
    }

    /// The facts of a decoded receipt; nil for StoreKit 2 signed data, whose facts come from its verified items
    /// (``init(items:body:)``).
    /// - Parameter document: what ``ReceiptDecoder`` returned.
    public init?(receipt document: ReceiptDecoder.Document) {
        switch document {
        case .appReceipt(let receipt): self.init(appReceipt: receipt)
        case .transactionReceipt(let receipt): self.init(transactionReceipt: receipt)
        case .jws, .signedDataBody: return nil
        }
    }
}
