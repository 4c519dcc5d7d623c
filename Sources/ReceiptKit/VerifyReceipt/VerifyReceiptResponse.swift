/// A verifyReceipt response read so that real-world drift survives: `is-retryable` or `is_retryable`, numbers sent
/// as strings and strings as numbers, `latest_receipt_info` as an array or (old responses) a single object, the
/// iOS 6 form with `latest_expired_receipt_info`. Unknown keys are kept in ``json``.
public struct VerifyReceiptResponse: Sendable {
    /// The whole response as received.
    public let json: [String: JSONValue]
    /// `status`: 0 for a valid receipt, 21000-21010 for Apple's error statuses.
    public let status: Int
    /// `environment`: `Production` or `Sandbox`, when Apple said.
    public let environment: String?
    /// `is-retryable`: whether Apple says the same request may succeed later.
    public let isRetryable: Bool?
    /// `exception`: Apple's exception text, when it sent one.
    public let exception: String?
    /// The `receipt` object: the app-receipt form (with `in_app`) or the iOS 6 form (`bid`, `bvrs` ...).
    public let receipt: [String: JSONValue]?
    /// `latest_receipt`: the newest receipt, base64, for auto-renewable subscriptions.
    public let latestReceipt: String?
    /// `latest_receipt_info` (and, for iOS 6 responses, `latest_expired_receipt_info`), always as a list.
    public let latestReceiptInfo: [PurchaseRecord]
    /// `pending_renewal_info`: what happens at each subscription's next renewal.
    public let pendingRenewalInfo: [PendingRenewal]

    /// Keys this tool reads; everything else is reported as unknown but kept.
    package static let knownKeys: Set<String> = [
        "status", "environment", "is-retryable", "is_retryable", "exception", "receipt", "latest_receipt",
        "latest_receipt_info", "latest_expired_receipt_info", "pending_renewal_info",
    ]

    /// Why a JSON document is not a verifyReceipt response.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong with the document.
        public let description: String
    }

    /// Reads a verifyReceipt answer.
    /// - Parameter value: The response body, parsed.
    /// - Throws: `Failure` when the JSON is not shaped as a verifyReceipt response.
    public init(json value: JSONValue) throws(Failure) {
        guard let object = value.objectValue else { throw Failure(description: "a verifyReceipt response is a JSON object") }
        guard let statusText = object["status"]?.scalarText, let status = Int(statusText) else {
            throw Failure(description: "not a verifyReceipt response: it has no numeric \"status\"")
        }
        try Self.checkEntryCounts(object)
        json = object
        self.status = status
        environment = object["environment"]?.scalarText
        isRetryable = PurchaseRecord.flag(object["is-retryable"] ?? object["is_retryable"])
        exception = object["exception"]?.scalarText
        receipt = object["receipt"]?.objectValue
        latestReceipt = object["latest_receipt"]?.scalarText
        latestReceiptInfo = ["latest_receipt_info", "latest_expired_receipt_info"].flatMap { key -> [PurchaseRecord] in
            Self.objects(object[key]).map(PurchaseRecord.init(json:))
        }
        pendingRenewalInfo = Self.objects(object["pending_renewal_info"]).map(PendingRenewal.init(json:))
    }

    /// Refuses lists longer than ``Limits/maximumResponseEntries``, naming the list and the first entry past it.
    static func checkEntryCounts(_ object: [String: JSONValue]) throws(Failure) {
        let lists: [(String, JSONValue?)] = [
            ("latest_receipt_info", object["latest_receipt_info"]),
            ("latest_expired_receipt_info", object["latest_expired_receipt_info"]),
            ("pending_renewal_info", object["pending_renewal_info"]),
            ("receipt.in_app", object["receipt"]?["in_app"]),
        ]
        for (name, value) in lists {
            guard case .array(let items)? = value, items.count > Limits.maximumResponseEntries else { continue }
            throw Failure(
                description: "too many \(name) entries: the limit is \(Limits.maximumResponseEntries), exceeded at "
                    + "\(name)[\(Limits.maximumResponseEntries)]")
        }
    }

    /// An array of objects, or a single object as a one-element list.
    static func objects(_ value: JSONValue?) -> [[String: JSONValue]] {
        switch value {
        case .array(let items)?: return items.compactMap(\.objectValue)
        case .object(let single)?: return [single]
        default: return []
        }
    }

    /// True when `receipt` is the iOS 6 transaction-receipt form rather than an app receipt.
    package var isTransactionReceiptForm: Bool { receipt?["bid"] != nil && receipt?["in_app"] == nil }

    /// The transactions in `receipt.in_app` (or the iOS 6 receipt itself).
    public var receiptTransactions: [PurchaseRecord] {
        guard let receipt else { return [] }
        if isTransactionReceiptForm { return [PurchaseRecord(json: receipt)] }
        return Self.objects(receipt["in_app"]).map(PurchaseRecord.init(json:))
    }

    /// When Apple answered (`receipt.request_date`), the natural time to evaluate its answer at; nil when absent
    /// or unreadable (``dateProblems`` says which).
    public var requestDate: Timestamp? {
        var ignored: [String] = []
        return receipt.flatMap { PurchaseRecord.date($0, "request_date", problems: &ignored) }
    }

    /// Every date in the response that is present but unreadable, named by its path
    /// (`latest_receipt_info[0].expires_date_ms "…": …`): what subscription states could not take into account.
    package var dateProblems: [String] { dateProblems(receiptTransactions: receiptTransactions) }

    /// ``dateProblems`` with the receipt's transactions already read (they are rebuilt on every access).
    func dateProblems(receiptTransactions: [PurchaseRecord]) -> [String] {
        var problems: [String] = []
        if let receipt {
            var requestProblems: [String] = []
            _ = PurchaseRecord.date(receipt, "request_date", problems: &requestProblems)
            problems += requestProblems.map { "receipt.\($0)" }
        }
        for (index, record) in receiptTransactions.enumerated() {
            let path = isTransactionReceiptForm ? "receipt" : "receipt.in_app[\(index)]"
            problems += record.dateProblems.map { "\(path).\($0)" }
        }
        let current = Self.objects(json["latest_receipt_info"]).count
        for (index, record) in latestReceiptInfo.enumerated() {
            let path =
                index < current ? "latest_receipt_info[\(index)]" : "latest_expired_receipt_info[\(index - current)]"
            problems += record.dateProblems.map { "\(path).\($0)" }
        }
        for (index, renewal) in pendingRenewalInfo.enumerated() {
            problems += renewal.dateProblems.map { "pending_renewal_info[\(index)].\($0)" }
        }
        return problems
    }

    /// Keys this tool does not interpret, kept in ``json``.
    package var unknownKeys: [String] { json.keys.filter { !Self.knownKeys.contains($0) }.sorted() }

    /// The status with its meaning, e.g. "21007: this receipt is from the test environment …".
    public var statusMeaning: String { VerifyReceiptStatus.meaning(of: status) }
}
