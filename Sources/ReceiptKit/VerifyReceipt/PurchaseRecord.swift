/// One transaction as verifyReceipt reports it (`in_app`, `latest_receipt_info`, an iOS 6 `receipt`) or as a
/// receipt holds it, with the values Apple sends in several forms (strings, numbers, ms or formatted dates)
/// read into one typed view. The fields as received stay in ``fields``.
public struct PurchaseRecord: Sendable {
    /// The entry's keys as received, hyphens turned into underscores (iOS 6 purchase-info uses hyphens).
    public let fields: [String: JSONValue]
    /// `product_id`: the product bought.
    public let productID: String?
    /// `transaction_id`: this transaction's id (compare it as bytes).
    public let transactionID: String?
    /// `original_transaction_id`: the transaction a restore or renewal goes back to.
    public let originalTransactionID: String?
    /// `purchase_date`: when the App Store charged for it.
    public let purchaseDate: Timestamp?
    /// `original_purchase_date`: when the original transaction was bought.
    public let originalPurchaseDate: Timestamp?
    /// `expires_date`: when this period of an auto-renewable subscription ends.
    public let expiresDate: Timestamp?
    /// `cancellation_date`: when Apple refunded or revoked it.
    public let cancellationDate: Timestamp?
    /// `cancellation_reason`: "1" an issue in the app, "0" another reason.
    public let cancellationReason: String?
    /// `is_trial_period`: this period was a free trial.
    public let isTrialPeriod: Bool?
    /// `is_in_intro_offer_period`: this period was an introductory offer.
    public let isInIntroOfferPeriod: Bool?
    /// `is_upgraded`: the customer upgraded to another product (false when absent).
    public let isUpgraded: Bool
    /// 1707 from a receipt (0 non-consumable, 1 consumable, 2 non-renewing, 3 auto-renewable); JSON lacks it.
    public let productType: Int64?
    /// Date forms present but unreadable (an impossible date, an `_ms` value outside
    /// ``Timestamp/supportedRange``), each naming its key and what was read instead, e.g.
    /// `expires_date_ms "-9223372036854775808": outside the supported range (…); read as absent`.
    public let dateProblems: [String]

    /// Reads the typed fields from whichever form Apple sent (`_ms`, formatted, string or number).
    /// - Parameter json: One transaction entry.
    public init(json: [String: JSONValue]) {
        // Only iOS 6 entries use hyphens; the others keep the parsed dictionary itself (shared, not copied).
        if json.keys.contains(where: { $0.utf8.contains(UInt8(ascii: "-")) }) {
            var fields: [String: JSONValue] = [:]
            for (key, value) in json { fields[String(key.map { $0 == "-" ? "_" : $0 })] = value }
            self.fields = fields
        } else {
            self.fields = json
        }
        productID = fields["product_id"]?.scalarText
        transactionID = fields["transaction_id"]?.scalarText
        originalTransactionID = fields["original_transaction_id"]?.scalarText ?? fields["transaction_id"]?.scalarText
        var problems: [String] = []
        purchaseDate = Self.date(fields, "purchase_date", problems: &problems)
        originalPurchaseDate = Self.date(fields, "original_purchase_date", problems: &problems)
        expiresDate = Self.date(fields, "expires_date", problems: &problems)
        cancellationDate = Self.date(fields, "cancellation_date", problems: &problems)
        dateProblems = problems
        cancellationReason = fields["cancellation_reason"]?.scalarText
        isTrialPeriod = Self.flag(fields["is_trial_period"])
        isInIntroOfferPeriod = Self.flag(fields["is_in_intro_offer_period"])
        isUpgraded = Self.flag(fields["is_upgraded"]) ?? false
        productType = fields["product_type"]?.int64Value
    }

    /// The record of a purchase read from a receipt.
    /// - Parameter purchase: An in-app purchase of a decoded receipt.
    public init(purchase: InAppPurchase) {
        self.init(json: purchase.json.objectValue ?? [:])
    }

    /// A date given as `name_ms`, as `name` in milliseconds (iOS 6 `expires_date`), formatted `… Etc/GMT`,
    /// RFC 3339, or as `name_formatted` (iOS 6): the first readable form, in that order. Every form present but
    /// unreadable adds a line to `problems` naming its key and saying which form was used instead, if any
    /// (real responses redact `expires_date` to asterisks and keep `expires_date_formatted`).
    static func date(_ fields: [String: JSONValue], _ name: String, problems: inout [String]) -> Timestamp? {
        var unreadable: [String] = []
        var found: (timestamp: Timestamp, key: String)? = nil
        for key in [name + "_ms", name, name + "_formatted"] {
            guard let text = fields[key]?.scalarText, !text.isEmpty else { continue }
            do throws(ReceiptDateParser.Failure) {
                let timestamp =
                    key.hasSuffix("_ms") || Self.looksLikeMilliseconds(text)
                    ? try ReceiptDateParser.parseMilliseconds(text) : try parseDate(text)
                found = (timestamp, key)
                break
            } catch {
                unreadable.append("\(key) \"\(text)\": \(error.reason)")
            }
        }
        let outcome = found.map { "; \($0.key) used instead" } ?? "; read as absent"
        problems += unreadable.map { $0 + outcome }
        return found?.timestamp
    }

    /// Digits with an optional leading minus: a millisecond count where a formatted date could also stand.
    static func looksLikeMilliseconds(_ text: String) -> Bool {
        let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
        return digits.count + 1 >= text.utf8.count && !digits.isEmpty && digits.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// Apple's formatted dates or RFC 3339; the error says why the text is neither (by the form it resembles).
    static func parseDate(_ text: String) throws(ReceiptDateParser.Failure) -> Timestamp {
        let appleForm = [" Etc/GMT", " GMT", " UTC"].contains { text.hasSuffix($0) }
        return appleForm ? try ReceiptDateParser.parseAppleGMT(text) : try ReceiptDateParser.parse(text)
    }

    /// "true"/"false", "1"/"0", or a JSON boolean or number.
    static func flag(_ value: JSONValue?) -> Bool? {
        switch value?.scalarText {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }
}
