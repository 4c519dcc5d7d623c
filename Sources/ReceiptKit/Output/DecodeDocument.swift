/// The `decode` document: what was handed in, the container and its certificates, the receipt in Apple's
/// verifyReceipt names, and every decoding remark. No trust decision.
public struct DecodeDocument: Sendable {
    /// Bumped when a key is renamed or removed; adding keys does not bump it.
    public static let formatVersion = 1

    public let input: InputSummary
    public let content: ReceiptDecoder.Document

    public init(source: String, input: ReceiptInput, content: ReceiptDecoder.Document) {
        self.input = InputSummary(source: source, input: input, document: content)
        self.content = content
    }

    /// Unwraps and decodes `bytes`, throwing the first layer's refusal with its offset.
    public init(source: String, bytes: [UInt8], cache: CertificateCache = .shared) throws(DecodeError) {
        let (input, content) = try ReceiptDecoder.decode(bytes, cache: cache)
        self.init(source: source, input: input, content: content)
    }

    /// The receipt's environment as its data names it.
    public var environment: String? {
        switch content {
        case .appReceipt(let receipt): return receipt.receipt.environment.rawValue
        case .transactionReceipt(let transaction): return transaction.environment
        case .jws, .signedDataBody: return nil
        }
    }

    /// Decoding remarks, in order.
    public var warnings: [String] {
        switch content {
        case .appReceipt(let receipt): return receipt.receipt.warnings
        case .transactionReceipt(let transaction): return transaction.warnings
        case .jws, .signedDataBody:
            return ["StoreKit 2 signed data is decoded only; verify checks its signatures and certificates"]
        }
    }

    /// Every certificate the input carries, with the role each plays.
    public var certificates: [CertificateEntry] {
        switch content {
        case .appReceipt(let receipt): return ContainerSummary(receipt).certificates
        case .transactionReceipt(let transaction):
            return [CertificateEntry(index: 0, offset: nil, role: "leaf", certificate: transaction.certificate)]
        case .jws(let jws):
            return jws.certificates.enumerated().map { index, certificate in
                let role = index == 0 ? "leaf" : (certificate.isSelfSigned ? "root" : "intermediate")
                return CertificateEntry(index: index, offset: nil, role: role, certificate: certificate)
            }
        case .signedDataBody: return []
        }
    }

    /// The whole document.
    public var json: JSONValue { .object(members(includeContainer: true)) }

    /// The members; verify leaves the container out (it reports the certificates its own way).
    func members(includeContainer: Bool) -> [String: JSONValue] {
        var top: [String: JSONValue] = ["format_version": .integer(Self.formatVersion), "input": input.json]
        switch content {
        case .appReceipt(let receipt):
            if includeContainer { top["container"] = ContainerSummary(receipt).json }
            top["receipt"] = receipt.receipt.json
        case .transactionReceipt(let transaction):
            top["receipt"] = transaction.json
            top["transaction_receipt"] = .object([
                "envelope": .object(transaction.envelope.mapValues(JSONValue.string)),
                "signature_version": .integer(Int(transaction.signatureVersion)),
                "signature_length": .integer(transaction.signature.count),
                "certificate": certificates[0].json,
            ])
        case .jws(let jws):
            // Decode-only trees name no options: their only messages are JWS decoding errors.
            let tree = SignedDataDecoder.decode(jws)
            top["jws"] = jws.json
            top["signed_data_kind"] = .string(tree.kind.rawValue)
            top["nested"] = .array(tree.nested.map { $0.json(.library) })
        case .signedDataBody(let body):
            top.merge(SignedDataDecoder.decode(body).json(.library).objectValue ?? [:]) { own, _ in own }
        }
        if let environment { top["environment"] = .string(environment) }
        top["warnings"] = .array(warnings.map(JSONValue.string))
        return top
    }
}
