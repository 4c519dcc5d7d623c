/// The kind of an input (``InputSummary/Kind``) from its decoded document, and back from the name written in
/// output (`kind` of decode, verify and audit records).
extension InputSummary.Kind {
    /// The kind of a decoded input: an app receipt is `xcode_receipt` when its certificates say Xcode.
    public init(_ document: ReceiptDecoder.Document) {
        switch document {
        case .appReceipt(let receipt): self = receipt.isXcodeReceipt ? .xcodeReceipt : .appReceipt
        case .transactionReceipt: self = .transactionReceipt
        case .jws: self = .jws
        case .signedDataBody(let body): self = .signedDataBody(body.kind)
        }
    }

    /// The kind ``name`` names, byte for byte; nil for a name this version does not write.
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
