/// Where the time a verification or evaluation used came from; rendered as the report's `source`.
public enum TimeSource: Sendable, Equatable {
    /// The app receipt's creation date (attribute 12).
    case receiptCreationDate
    /// An iOS 6 transaction receipt's purchase-date.
    case purchaseDate
    /// A verifyReceipt response's request_date.
    case requestDate
    /// A time the caller gave (``OptionHint/verificationTime``).
    case given
    /// The caller asked for the current time.
    case now
    /// StoreKit 2: where the payload's own date came from (`signedDate`, `data.signedDate`), or why there was none.
    case payload(String)

    /// - Parameter naming: How the caller's interface names its settings (``given`` names the time option).
    /// - Returns: The source as reports write it, e.g. `receipt_creation_date`.
    public func rendered(_ naming: OptionNaming) -> String {
        switch self {
        case .receiptCreationDate: return "receipt_creation_date"
        case .purchaseDate: return "purchase-date"
        case .requestDate: return "request_date"
        case .given: return naming.name(.verificationTime)
        case .now: return "now"
        case .payload(let description): return description
        }
    }
}

extension Message.Interpolation {
    /// A time source in a message: the caller's own time option is named as the caller names it.
    package mutating func appendInterpolation(_ source: TimeSource) {
        switch source {
        case .given: appendInterpolation(option: .verificationTime)
        default: appendLiteral(source.rendered(.library))
        }
    }
}
