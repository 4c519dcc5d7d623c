/// What subscription states are computed from: transactions, pending renewals, whether the data is from the
/// sandbox, the natural time to evaluate at, and what the source cannot know.
public struct SubscriptionInputs: Sendable {
    public let transactions: [PurchaseRecord]
    public let renewals: [PendingRenewal]
    public let sandbox: Bool
    /// The time the source speaks for (Apple's request date, or the receipt's creation).
    public let defaultTime: Timestamp?
    public let defaultTimeSource: String
    /// Limits of the source, said plainly.
    public let cannotKnow: [String]
    /// Facts about the source worth stating (e.g. status 21006).
    public let explanations: [String]

    /// From parts already read (StoreKit 2 signed data, see ``StoreKitSubscriptionInputs``).
    public init(
        transactions: [PurchaseRecord], renewals: [PendingRenewal], sandbox: Bool, defaultTime: Timestamp?,
        defaultTimeSource: String, cannotKnow: [String], explanations: [String]
    ) {
        self.transactions = transactions
        self.renewals = renewals
        self.sandbox = sandbox
        self.defaultTime = defaultTime
        self.defaultTimeSource = defaultTimeSource
        self.cannotKnow = cannotKnow
        self.explanations = explanations
    }

    /// From Apple's answer: the receipt's transactions, then latest_receipt_info (which wins for the same id).
    public init(response: VerifyReceiptResponse) {
        transactions = response.receiptTransactions + response.latestReceiptInfo
        renewals = response.pendingRenewalInfo
        sandbox = response.environment == "Sandbox" || (response.receipt?["receipt_type"]?.scalarText ?? "").contains("Sandbox")
        defaultTime = response.requestDate
        defaultTimeSource = "request_date"
        var explanations: [String] = []
        if response.status == 21006 {
            explanations.append(
                "status 21006: the transaction receipt is valid but its subscription has expired; Apple still returned the receipt data"
            )
        } else if response.status != 0 {
            explanations.append("status \(response.status): \(response.statusMeaning)")
        }
        if response.pendingRenewalInfo.isEmpty, response.latestReceiptInfo.contains(where: { $0.expiresDate != nil }) {
            explanations.append(
                "no pending_renewal_info (sent only with the shared secret): auto-renew, grace period and billing retry are unknown"
            )
        }
        self.explanations = explanations
        cannotKnow = []
    }

    /// From a receipt alone.
    public init(receipt: AppReceipt) {
        transactions = receipt.receipt.inApp.map(PurchaseRecord.init(purchase:))
        renewals = []
        sandbox = receipt.receipt.environment == .sandbox
        defaultTime = receipt.receipt.creationDate
        defaultTimeSource = "receipt_creation_date"
        cannotKnow = Self.receiptLimits
        explanations = []
    }

    /// From an iOS 6 transaction receipt alone.
    public init(transaction: TransactionReceipt) {
        transactions = [PurchaseRecord(json: transaction.purchaseInfo.mapValues(JSONValue.string))]
        renewals = []
        sandbox = transaction.environment == "Sandbox"
        defaultTime = transaction.purchaseDate
        defaultTimeSource = "purchase-date"
        cannotKnow = Self.receiptLimits
        explanations = []
    }

    static let receiptLimits = [
        "renewals, refunds and upgrades after the receipt was created",
        "whether auto-renew is on and to which product",
        "billing retry and grace period",
        "subscription groups and family sharing",
    ]
}
