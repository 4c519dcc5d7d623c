/// A StoreKit 2 signed payload decoded once into its typed model, by the kind its fields show
/// (``SignedDataKind``); every fact about a payload is read from here, never from its JSON by key. Indirect, so
/// that copying a ``CompactJWS`` (reports hold it by value) copies one reference, not every field.
///
/// A caller gets one from a decoded token (``CompactJWS/storeKit``, or ``CompactJWS/storeKit(expected:)`` for an
/// item whose place says what it is) and switches over it, or asks for the model it expects.
public indirect enum StoreKitPayload: Sendable {
    /// A signed transaction (an in-app purchase, restore or renewal).
    case transaction(JWSTransaction)
    /// A subscription's signed renewal info.
    case renewalInfo(JWSRenewalInfo)
    /// An App Store Server Notification V2.
    case notification(StoreKitNotification)
    /// The app's signed AppTransaction.
    case appTransaction(AppTransaction)
    /// No known kind: only the fields all kinds share are read.
    case unknown(UntypedStoreKitPayload)

    /// Reads a payload into the model of the kind its fields show; never fails.
    /// - Parameters:
    ///   - payload: the JWS payload as parsed JSON.
    ///   - expected: the kind the item's place implies (a notification's `signedTransactionInfo`); it decides only
    ///     when the fields say nothing.
    package init(_ payload: JSONValue, expected: SignedDataKind? = nil) {
        switch SignedDataKind(payload: payload, expected: expected) {
        case .transaction: self = .transaction(JWSTransaction(payload))
        case .renewalInfo: self = .renewalInfo(JWSRenewalInfo(payload))
        case .notification: self = .notification(StoreKitNotification(payload))
        case .appTransaction: self = .appTransaction(AppTransaction(payload))
        case .unknown: self = .unknown(UntypedStoreKitPayload(payload))
        }
    }

    /// Which model this is.
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

    /// The transaction, or nil when the payload is another kind.
    public var transaction: JWSTransaction? {
        if case .transaction(let model) = self { model } else { nil }
    }

    /// The renewal info, or nil when the payload is another kind.
    public var renewalInfo: JWSRenewalInfo? {
        if case .renewalInfo(let model) = self { model } else { nil }
    }

    /// The notification, or nil when the payload is another kind.
    public var notification: StoreKitNotification? {
        if case .notification(let model) = self { model } else { nil }
    }
}
