/// How a known attribute is typed in the payload and rendered in verifyReceipt JSON (receipt-format.md §1.2, §2, §6.8).
package struct ReceiptField: Sendable {
    package enum Kind: Sendable {
        /// A string type inside the OCTET STRING; JSON string.
        case string
        /// INTEGER; JSON number (receipt-level ids).
        case number
        /// INTEGER; JSON string (per-transaction numbers such as quantity).
        case numericString
        /// INTEGER 0/1; JSON "true"/"false".
        case flag
        /// RFC 3339 IA5String; JSON triplet name, name_ms, name_pst. Empty means absent.
        case date
        /// Raw bytes; JSON lowercase hex.
        case bytes
    }

    package let type: Int64
    /// The verifyReceipt name, or this tool's clearly named extra key where Apple's JSON has none.
    package let name: String
    package let kind: Kind
    /// Whether an empty value means "not set". True for dates and optional strings (Apple leaves such
    /// attributes present but empty, and omits them from its JSON); identity strings keep "" as the truth.
    package let emptyMeansAbsent: Bool

    static let optionalStringTypes: Set<Int64> = [10, 1720, 1721]

    init(type: Int64, name: String, kind: Kind) {
        self.type = type
        self.name = name
        self.kind = kind
        emptyMeansAbsent = kind == .date || Self.optionalStringTypes.contains(type)
    }

    /// App-level attributes this tool names.
    package static let appFields: [Int64: ReceiptField] = table([
        (0, "receipt_type", .string), (1, "app_item_id", .number), (2, "bundle_id", .string),
        (3, "application_version", .string), (4, "opaque_value", .bytes), (5, "sha1_hash", .bytes),
        (10, "age_rating", .string), (12, "receipt_creation_date", .date), (15, "download_id", .number),
        (16, "version_external_identifier", .number), (18, "original_purchase_date", .date),
        (19, "original_application_version", .string), (21, "expiration_date", .date), (32, "preorder_date", .date),
    ])

    /// In-app purchase attributes this tool names.
    package static let inAppFields: [Int64: ReceiptField] = table([
        (1701, "quantity", .numericString), (1702, "product_id", .string), (1703, "transaction_id", .string),
        (1704, "purchase_date", .date), (1705, "original_transaction_id", .string),
        (1706, "original_purchase_date", .date), (1707, "product_type", .number), (1708, "expires_date", .date),
        (1711, "web_order_line_item_id", .numericString), (1712, "cancellation_date", .date),
        (1713, "is_trial_period", .flag), (1719, "is_in_intro_offer_period", .flag),
        (1720, "cancellation_reason", .numericString), (1721, "promotional_offer_id", .string),
    ])

    /// The attribute type holding in-app purchases.
    package static let inAppPurchaseType: Int64 = 17

    /// ``appFields`` as an array indexed by type (0 to 32), so the decoder does not hash each attribute's type.
    static let appFieldsByType: [ReceiptField?] = byType(appFields, first: 0)

    /// ``inAppFields`` as an array indexed by type minus 1701.
    static let inAppFieldsByType: [ReceiptField?] = byType(inAppFields, first: 1701)

    private static func byType(_ table: [Int64: ReceiptField], first: Int64) -> [ReceiptField?] {
        let last = table.keys.max() ?? first
        var fields = [ReceiptField?](repeating: nil, count: Int(last - first) + 1)
        for (type, field) in table { fields[Int(type - first)] = field }
        return fields
    }

    private static func table(_ rows: [(Int64, String, Kind)]) -> [Int64: ReceiptField] {
        Dictionary(uniqueKeysWithValues: rows.map { ($0.0, ReceiptField(type: $0.0, name: $0.1, kind: $0.2)) })
    }
}

/// The field table a SET OF ReceiptAttribute is decoded against, looked up by array index.
enum FieldTable: Sendable {
    /// The payload's own attributes (``ReceiptField/appFields``).
    case app
    /// An in-app purchase's attributes (``ReceiptField/inAppFields``).
    case inApp

    /// The first type of the table's index range; types below it, or past the array, are not in the table.
    var firstType: Int64 { self == .app ? 0 : 1701 }

    /// The table indexed by type minus ``firstType``.
    var fieldsByType: [ReceiptField?] { self == .app ? ReceiptField.appFieldsByType : ReceiptField.inAppFieldsByType }

    /// ``fieldsByType`` without the names: plain values the decoder's loop copies without reference counting.
    var shapesByType: [FieldShape?] { self == .app ? FieldShape.app : FieldShape.inApp }

    /// The name of the field `type`, "" when the table has none (for warnings).
    func name(_ type: Int64) -> String { dictionary[type]?.name ?? "" }

    /// The table as the dictionary callers outside the decoder use.
    var dictionary: [Int64: ReceiptField] { self == .app ? ReceiptField.appFields : ReceiptField.inAppFields }
}

/// What the decoder needs of a ``ReceiptField``: its kind and whether empty means absent.
struct FieldShape: Sendable {
    let kind: ReceiptField.Kind
    let emptyMeansAbsent: Bool

    init(_ field: ReceiptField) {
        kind = field.kind
        emptyMeansAbsent = field.emptyMeansAbsent
    }

    static let app: [FieldShape?] = ReceiptField.appFieldsByType.map { $0.map(FieldShape.init) }
    static let inApp: [FieldShape?] = ReceiptField.inAppFieldsByType.map { $0.map(FieldShape.init) }
}
