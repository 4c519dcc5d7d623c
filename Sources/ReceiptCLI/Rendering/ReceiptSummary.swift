import ReceiptKit

/// The key fields of a decoded receipt as `decode --format text` shows them: app receipts by attribute, iOS 6
/// receipts from their purchase info (the facts among them, bundle, product and transaction id, from
/// ``InputFacts``; Apple's own date texts as written), StoreKit 2 by its body kind. The facts every renderer states
/// (bundle id, environment) come from ``InputFacts``, not from here.
struct ReceiptSummary {
    /// `(label, value)` rows in display order; absent fields are left out.
    let rows: [(label: String, value: String)]

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
        case .transactionReceipt(let transaction):
            let info = transaction.purchaseInfo
            let facts = InputFacts(transactionReceipt: transaction)
            let purchase = facts.transactions.first
            let values: [(String, String?)] = [
                ("bundle_id", facts.bundleID), ("application_version", info["bvrs"]), ("app_item_id", info["app-item-id"]),
                ("original_purchase_date", info["original-purchase-date"]), ("product_id", purchase?.productID),
                ("transaction_id", purchase?.transactionID), ("purchase_date", info["purchase-date"]),
                ("expires_date", info["expires-date-formatted"]),
            ]
            rows = values.compactMap { label, value in value.map { (label, $0) } }
        case .jws:
            rows = []
        case .signedDataBody(let body):
            rows = [("body", body.kind.rawValue), ("signed_items", String(body.items.count))]
        }
    }
}
