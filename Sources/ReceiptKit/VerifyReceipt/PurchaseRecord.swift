/// One transaction as verifyReceipt reports it (`in_app`, `latest_receipt_info`, an iOS 6 `receipt`) or as a
/// receipt holds it, with the values Apple sends in several forms (strings, numbers, ms or formatted dates)
/// read into one typed view. The fields as received stay in ``fields``.
public struct PurchaseRecord: Sendable {
    /// The entry's keys as received, hyphens turned into underscores (iOS 6 purchase-info uses hyphens).
    public let fields: [String: JSONValue]
    public let productID: String?
    public let transactionID: String?
    public let originalTransactionID: String?
    public let purchaseDate: Timestamp?
    public let originalPurchaseDate: Timestamp?
    public let expiresDate: Timestamp?
    public let cancellationDate: Timestamp?
    public let cancellationReason: String?
    public let isTrialPeriod: Bool?
    public let isInIntroOfferPeriod: Bool?
    public let isUpgraded: Bool
    /// 1707 from a receipt (0 non-consumable, 1 consumable, 2 non-renewing, 3 auto-renewable); JSON lacks it.
    public let productType: Int64?

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
        purchaseDate = Self.date(fields, "purchase_date")
        originalPurchaseDate = Self.date(fields, "original_purchase_date")
        expiresDate = Self.date(fields, "expires_date")
        cancellationDate = Self.date(fields, "cancellation_date")
        cancellationReason = fields["cancellation_reason"]?.scalarText
        isTrialPeriod = Self.flag(fields["is_trial_period"])
        isInIntroOfferPeriod = Self.flag(fields["is_in_intro_offer_period"])
        isUpgraded = Self.flag(fields["is_upgraded"]) ?? false
        productType = fields["product_type"]?.int64Value
    }

    /// The record of a purchase read from a receipt.
    public init(purchase: InAppPurchase) {
        self.init(json: purchase.jsonMembers)
    }

    /// A date given as `name_ms`, as `name` in milliseconds (iOS 6 `expires_date`), formatted `… Etc/GMT`,
    /// RFC 3339, or as `name_formatted` (iOS 6).
    static func date(_ fields: [String: JSONValue], _ name: String) -> Timestamp? {
        if let milliseconds = fields[name + "_ms"]?.int64Value { return Timestamp(milliseconds: milliseconds) }
        for key in [name, name + "_formatted"] {
            guard let text = fields[key]?.scalarText, !text.isEmpty else { continue }
            if text.allSatisfy(\.isNumber), let milliseconds = Int64(text) { return Timestamp(milliseconds: milliseconds) }
            if let parsed = parseDate(text) { return parsed }
        }
        return nil
    }

    /// Apple's formatted dates or RFC 3339; nil when neither (the raw value stays in ``fields``).
    static func parseDate(_ text: String) -> Timestamp? {
        do {
            return try ReceiptDateParser.parseAppleGMT(text)
        } catch {
            do {
                return try ReceiptDateParser.parse(text)
            } catch {
                return nil
            }
        }
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
