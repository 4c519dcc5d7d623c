/// What subscription states are computed from: transactions, pending renewals, whether the data is from the
/// sandbox, the natural time to evaluate at, and what the source cannot know.
public struct SubscriptionInputs: Sendable {
    /// Every transaction the source holds, later duplicates after earlier ones.
    public let transactions: [PurchaseRecord]
    /// Pending renewal info (only verifyReceipt answers and StoreKit 2 renewal info carry it).
    public let renewals: [PendingRenewal]
    /// Whether the data comes from the sandbox, where renewals run compressed.
    public let sandbox: Bool
    /// The time the source speaks for (Apple's request date, or the receipt's creation).
    public let defaultTime: Timestamp?
    /// What ``defaultTime`` is (request date, receipt creation date, …), for the report.
    public let defaultTimeSource: TimeSource
    /// Why the default time is missing although the source names one (an unreadable date), when it is.
    public let defaultTimeProblem: String?
    /// Limits of the source, said plainly.
    public let cannotKnow: [String]
    /// Facts about the source worth stating (e.g. status 21006).
    public let explanations: [String]

    /// From parts already read (StoreKit 2 signed data, see ``StoreKitSubscriptionInputs``).
    /// - Parameters:
    ///   - transactions: Every transaction known.
    ///   - renewals: Pending renewal info.
    ///   - sandbox: Whether the data is from the sandbox.
    ///   - defaultTime: The time the source speaks for.
    ///   - defaultTimeSource: Where that time came from.
    ///   - defaultTimeProblem: Why the time is missing although the source names one.
    ///   - cannotKnow: Limits of the source, said plainly.
    ///   - explanations: Facts about the source worth stating.
    public init(
        transactions: [PurchaseRecord], renewals: [PendingRenewal], sandbox: Bool, defaultTime: Timestamp?,
        defaultTimeSource: TimeSource, defaultTimeProblem: String? = nil, cannotKnow: [String], explanations: [String]
    ) {
        self.transactions = transactions
        self.renewals = renewals
        self.sandbox = sandbox
        self.defaultTime = defaultTime
        self.defaultTimeSource = defaultTimeSource
        self.defaultTimeProblem = defaultTimeProblem
        self.cannotKnow = cannotKnow
        self.explanations = explanations
    }

    /// From Apple's answer: the receipt's transactions, then latest_receipt_info (which wins for the same id).
    /// - Parameter response: Apple's verifyReceipt answer, parsed.
    public init(response: VerifyReceiptResponse) {
        let receiptTransactions = response.receiptTransactions
        transactions = receiptTransactions + response.latestReceiptInfo
        renewals = response.pendingRenewalInfo
        sandbox = response.environment == "Sandbox" || (response.receipt?["receipt_type"]?.scalarText ?? "").contains("Sandbox")
        defaultTime = response.requestDate
        defaultTimeSource = .requestDate
        let problems = response.dateProblems(receiptTransactions: receiptTransactions)
        // Without a readable request date the caller asks for a time; the problem then says why.
        defaultTimeProblem = problems.first { $0.hasPrefix("receipt.request_date") && $0.hasSuffix("read as absent") }
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
        self.explanations =
            explanations + Self.renewalsWithoutOriginal(response.pendingRenewalInfo)
            + problems.map { "unreadable date: \($0)" }
        cannotKnow = []
    }

    /// Each pending_renewal_info entry without `original_transaction_id`, with what it says: Apple keys these
    /// entries by original transaction, so such an entry cannot be tied to a subscription and its facts are not
    /// applied (see ``SubscriptionEvaluator``), but it is kept in view rather than dropped in silence.
    static func renewalsWithoutOriginal(_ renewals: [PendingRenewal]) -> [String] {
        renewals.enumerated().compactMap { index, renewal in
            guard renewal.originalTransactionID == nil else { return nil }
            let facts = [
                "product_id", "auto_renew_product_id", "auto_renew_status", "expiration_intent",
                "is_in_billing_retry_period", "grace_period_expires_date",
            ]
            .compactMap { key in renewal.fields[key]?.scalarText.map { "\(key) \($0)" } }
            return "pending_renewal_info[\(index)] has no original_transaction_id, so it is not tied to any subscription"
                + (facts.isEmpty ? " (and says nothing else)" : "; it says " + facts.joined(separator: ", "))
        }
    }

    /// From a receipt alone.
    /// - Parameter receipt: A decoded app receipt; its in-app purchases are the transactions, and it has no renewal info.
    public init(receipt: AppReceipt) {
        transactions = receipt.receipt.inApp.map(PurchaseRecord.init(purchase:))
        renewals = []
        sandbox = receipt.receipt.environment == .sandbox
        defaultTime = receipt.receipt.creationDate
        defaultTimeSource = .receiptCreationDate
        defaultTimeProblem = nil
        cannotKnow = Self.receiptLimits
        explanations = []
    }

    /// From an iOS 6 transaction receipt alone.
    /// - Parameter transaction: A decoded transaction receipt; its one purchase is the transaction.
    public init(transaction: TransactionReceipt) {
        let record = PurchaseRecord(json: transaction.purchaseInfo.mapValues(JSONValue.string))
        transactions = [record]
        renewals = []
        // Only the unsigned outer plist says Sandbox; it picks the renewal clock the states are read with, and
        // decides no check, signal or count.
        sandbox = transaction.environment.isByteEqual(to: "Sandbox")
        defaultTime = transaction.purchaseDate
        defaultTimeSource = .purchaseDate
        defaultTimeProblem = transaction.purchaseDate == nil ? transaction.purchaseDateProblem : nil
        cannotKnow = Self.receiptLimits
        explanations = record.dateProblems.map { "unreadable date: \($0)" }
    }

    static let receiptLimits = [
        "renewals, refunds and upgrades after the receipt was created",
        "whether auto-renew is on and to which product",
        "billing retry and grace period",
        "subscription groups and family sharing",
    ]
}
