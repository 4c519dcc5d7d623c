import ReceiptKit

/// The key fields of any kind of decoded input, as text for the renderers: app receipts by attribute, iOS 6
/// receipts from their purchase info, StoreKit 2 JWS from Apple's payload names.
struct ReceiptSummary {
    /// `(label, value)` rows in display order; absent fields are left out.
    let rows: [(label: String, value: String)]
    let bundleID: String?

    init(_ content: ReceiptDecoder.Document) {
        switch content {
        case .appReceipt(let appReceipt):
            let receipt = appReceipt.receipt
            let fields: [(String, AppField)] = [
                ("receipt_type", .receiptType), ("bundle_id", .bundleID), ("application_version", .applicationVersion),
                ("original_app_version", .originalApplicationVersion), ("app_item_id", .appItemID),
                ("receipt_creation_date", .creationDate), ("original_purchase_date", .originalPurchaseDate),
                ("expiration_date", .expirationDate), ("preorder_date", .preorderDate), ("age_rating", .ageRating),
            ]
            var rows = fields.compactMap { label, field in receipt[field].map { (label, $0.text) } }
            // The types, each once, and how many attributes carry them: a bare "8" would read like a count.
            let unknown = receipt.attributes.unknownAttributes
            let types = Set(unknown.map(\.type)).sorted()
            if !unknown.isEmpty {
                let count = unknown.count == 1 ? "1 attribute" : "\(unknown.count) attributes"
                rows.append(("unknown attr. types", types.map(String.init).joined(separator: ", ") + " (\(count))"))
            }
            self.rows = rows
            bundleID = receipt[.bundleID]?.text
        case .transactionReceipt(let transaction):
            let info = transaction.purchaseInfo
            let keys: [(String, String)] = [
                ("bundle_id", "bid"), ("application_version", "bvrs"), ("app_item_id", "app-item-id"),
                ("original_purchase_date", "original-purchase-date"),
                ("product_id", "product-id"),
                ("transaction_id", "transaction-id"), ("purchase_date", "purchase-date"),
                ("expires_date", "expires-date-formatted"),
            ]
            rows = keys.compactMap { label, key in info[key].map { (label, $0) } }
            bundleID = info["bid"]
        case .jws(let jws):
            rows = []
            bundleID = SignedPayloadFacts(jws.storeKit).bundleID?.value
        case .signedDataBody(let body):
            rows = [("body", body.kind.rawValue), ("signed_items", String(body.items.count))]
            bundleID = body.json["bundleId"]?.scalarText
        }
    }
}
