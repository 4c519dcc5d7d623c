/// What an input turned out to be; ``name`` is the JSON `kind` of every document and audit record.
public enum InputKind: Sendable, Equatable {
    /// A PKCS#7 app receipt signed by Apple's receipt-signing chain.
    case appReceipt
    /// An app receipt StoreKit Testing in Xcode signed with its own certificate.
    case xcodeReceipt
    /// An iOS 6 style transaction receipt (a signed old-style plist).
    case transactionReceipt
    /// One StoreKit 2 signed item (JWS compact serialization).
    case jws
    /// A JSON body around signed items: a notification or an App Store Server API answer, by kind.
    case signedDataBody(SignedDataBody.Kind)

    /// `app_receipt`, `xcode_receipt`, `ios6_transaction_receipt`, `storekit2_jws`, `storekit2_<body kind>`.
    package var name: String {
        switch self {
        case .appReceipt: return "app_receipt"
        case .xcodeReceipt: return "xcode_receipt"
        case .transactionReceipt: return "ios6_transaction_receipt"
        case .jws: return "storekit2_jws"
        case .signedDataBody(let kind): return "storekit2_" + kind.rawValue
        }
    }

    /// The kind an unwrapped input's payload announces before it is decoded (a PKCS#7 container counts as an
    /// app receipt until its certificates say Xcode).
    package init(_ payload: ReceiptInput.Payload) {
        switch payload {
        case .pkcs7: self = .appReceipt
        case .transactionReceipt: self = .transactionReceipt
        case .jws: self = .jws
        case .signedDataBody(let body): self = .signedDataBody(body.kind)
        }
    }

    /// The kind in words, for messages ("an iOS 6 transaction receipt").
    package var phrase: String {
        switch self {
        case .appReceipt: return "an app receipt"
        case .xcodeReceipt: return "an Xcode StoreKit-testing receipt"
        case .transactionReceipt: return "an iOS 6 transaction receipt"
        case .jws: return "StoreKit 2 signed data (JWS)"
        case .signedDataBody: return "an App Store Server API answer"
        }
    }
}

/// The kind of an input (``InputKind``) from its decoded document, and back from the name written in
/// output (`kind` of decode, verify and audit records).
extension InputKind {
    /// The kind of a decoded input: an app receipt is `xcode_receipt` when its certificates say Xcode.
    /// - Parameter document: what ``ReceiptDecoder`` returned.
    public init(_ document: ReceiptDecoder.Document) {
        switch document {
        case .appReceipt(let receipt): self = receipt.isXcodeReceipt ? .xcodeReceipt : .appReceipt
        case .transactionReceipt: self = .transactionReceipt
        case .jws: self = .jws
        case .signedDataBody(let body): self = .signedDataBody(body.kind)
        }
    }

    /// The kind ``name`` names, byte for byte; nil for a name this version does not write.
    /// - Parameter name: a `kind` as decode, verify or audit wrote it.
    public init?(name: String) {
        let fixed: [Self] = [.appReceipt, .xcodeReceipt, .transactionReceipt, .jws]
        if let kind = fixed.first(where: { $0.name.isByteEqual(to: name) }) {
            self = kind
            return
        }
        let prefix = "storekit2_".utf8
        guard name.utf8.starts(with: prefix),
            let body = SignedDataBody.Kind(rawValue: String(name.utf8.dropFirst(prefix.count)) ?? ""),
            Self.signedDataBody(body).name.isByteEqual(to: name)
        else { return nil }
        self = .signedDataBody(body)
    }
}
