/// A StoreKit 2 signed payload decoded once into its typed model, by the kind its fields show
/// (``SignedDataKind``); every fact about a payload is read from here, never from its JSON by key. Indirect, so
/// that copying a ``CompactJWS`` (reports hold it by value) copies one reference, not every field.
public indirect enum StoreKitPayload: Sendable {
    case transaction(JWSTransaction)
    case renewalInfo(JWSRenewalInfo)
    case notification(StoreKitNotification)
    case appTransaction(AppTransaction)
    /// No known kind: only the fields all kinds share are read.
    case unknown(UntypedStoreKitPayload)

    /// `expected` (where the item was found) decides only when the fields say nothing, as for the kind.
    package init(_ payload: JSONValue, expected: SignedDataKind? = nil) {
        switch SignedDataKind(payload: payload, expected: expected) {
        case .transaction: self = .transaction(JWSTransaction(payload))
        case .renewalInfo: self = .renewalInfo(JWSRenewalInfo(payload))
        case .notification: self = .notification(StoreKitNotification(payload))
        case .appTransaction: self = .appTransaction(AppTransaction(payload))
        case .unknown: self = .unknown(UntypedStoreKitPayload(payload))
        }
    }

    public var kind: SignedDataKind {
        switch self {
        case .transaction: .transaction
        case .renewalInfo: .renewalInfo
        case .notification: .notification
        case .appTransaction: .appTransaction
        case .unknown: .unknown
        }
    }

    /// The payload as signed.
    public var raw: JSONValue {
        switch self {
        case .transaction(let model): model.raw
        case .renewalInfo(let model): model.raw
        case .notification(let model): model.raw
        case .appTransaction(let model): model.raw
        case .unknown(let model): model.raw
        }
    }

    /// Documented fields sent with another JSON type than Apple's.
    public var mismatches: [StoreKitFieldMismatch] {
        switch self {
        case .transaction(let model): model.mismatches
        case .renewalInfo(let model): model.mismatches
        case .notification(let model): model.mismatches
        case .appTransaction(let model): model.mismatches
        case .unknown(let model): model.mismatches
        }
    }

    /// The top-level `signedDate`, whatever the kind (an AppTransaction's `receiptCreationDate` is apart).
    public var signedDate: Timestamp? {
        switch self {
        case .transaction(let model): model.signedDate
        case .renewalInfo(let model): model.signedDate
        case .notification(let model): model.signedDate
        case .appTransaction(let model): model.signedDate
        case .unknown(let model): model.signedDate
        }
    }

    public var transaction: JWSTransaction? {
        if case .transaction(let model) = self { model } else { nil }
    }

    public var renewalInfo: JWSRenewalInfo? {
        if case .renewalInfo(let model) = self { model } else { nil }
    }

    public var notification: StoreKitNotification? {
        if case .notification(let model) = self { model } else { nil }
    }
}
