/// The app-level attributes a reader asks for by meaning (receipt-format.md §1.2); the raw value is the type.
package enum AppField: Int64, Sendable {
    case receiptType = 0
    case appItemID = 1
    case bundleID = 2
    case applicationVersion = 3
    case ageRating = 10
    case creationDate = 12
    case originalPurchaseDate = 18
    case originalApplicationVersion = 19
    case expirationDate = 21
    case preorderDate = 32
}

extension Receipt {
    /// The decoded value of a known app-level attribute, when present.
    package subscript(field: AppField) -> FieldValue? { attributes.value(ofType: field.rawValue) }
}

extension FieldValue {
    /// The value as verifyReceipt JSON shows it: dates in Apple's GMT form (or the raw text when unreadable),
    /// flags as true/false, bytes as hex.
    package var text: String {
        switch self {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .flag(let flag): return flag ? "true" : "false"
        case .date(let raw, let timestamp): return timestamp?.appleGMT ?? raw
        case .bytes(let bytes): return bytes.hexString()
        }
    }
}

/// The in-app attributes a reader asks for by meaning (receipt-format.md §2); the raw value is the type.
package enum InAppField: Int64, Sendable {
    case quantity = 1701
    case productID = 1702
    case transactionID = 1703
    case purchaseDate = 1704
    case originalTransactionID = 1705
    case originalPurchaseDate = 1706
    case productType = 1707
    case expiresDate = 1708
    case webOrderLineItemID = 1711
    case cancellationDate = 1712
    case isTrialPeriod = 1713
    case isInIntroOfferPeriod = 1719
}

extension InAppPurchase {
    /// The decoded value of a known in-app attribute, when present.
    package subscript(field: InAppField) -> FieldValue? { attributes.value(ofType: field.rawValue) }
}
