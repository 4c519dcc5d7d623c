/// The `decode` document: what was handed in, the container and its certificates, the receipt in Apple's
/// verifyReceipt names, and every decoding remark. No trust decision.
public struct DecodeDocument: Sendable {
    /// Bumped when a key is renamed or removed; adding keys does not bump it.
    public static let formatVersion = 1

    package let input: InputSummary
    /// The decoded document itself, typed.
    public let content: ReceiptDecoder.Document

    package init(source: String, input: ReceiptInput, content: ReceiptDecoder.Document) {
        self.input = InputSummary(source: source, input: input, document: content)
        self.content = content
    }

    /// Unwraps and decodes `bytes`, throwing the first layer's refusal with its offset.
    /// - Parameters:
    ///   - source: What to call the input in the document (a file name, `-`).
    ///   - bytes: The input as read.
    ///   - cache: Where decoded certificates are kept, so a batch decodes each certificate once.
    /// - Throws: `DecodeError` from the first layer that refused the bytes.
    public init(source: String, bytes: [UInt8], cache: CertificateCache = .shared) throws(DecodeError) {
        let (input, content) = try ReceiptDecoder.decode(bytes, cache: cache)
        self.init(source: source, input: input, content: content)
    }

    /// The receipt's environment, read where ``InputFacts`` reads it (without building the purchases' facts, which
    /// every verify would pay for); nil for StoreKit 2 signed data, whose environment only its verified items state.
    package var environment: String? {
        switch content {
        case .appReceipt(let receipt): InputEnvironment(receipt.receipt.environment).rawValue
        case .transactionReceipt(let transaction): InputEnvironment(rawValue: transaction.environment).rawValue
        case .jws, .signedDataBody: nil
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
    package var certificates: [CertificateEntry] {
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
    /// - Parameter output: Where to write it; the bytes are the ones `appreceipt decode` prints.
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        writeMembers(to: &output, includeContainer: true)
        output.key("warnings")
        output.beginArray()
        for warning in warnings { output.string(warning) }
        output.endArray()
        output.endObject()
    }

    /// The members but `warnings` (verify puts its own list there); verify leaves the container out (it reports
    /// the certificates its own way).
    func writeMembers(to output: inout JSONOutput, includeContainer: Bool) {
        switch content {
        case .appReceipt(let receipt):
            if includeContainer {
                output.key("container")
                ContainerSummary(receipt).write(to: &output)
            }
        case .signedDataBody(let body):
            // Decode-only trees name no options: their only messages are JWS decoding errors.
            SignedDataDecoder.decode(body).writeMembers(to: &output, .library)
        case .transactionReceipt, .jws: break
        }
        if let environment {
            output.key("environment")
            output.string(environment)
        }
        output.key("format_version")
        output.integer(Self.formatVersion)
        output.key("input")
        input.write(to: &output)
        switch content {
        case .appReceipt(let receipt):
            output.key("receipt")
            receipt.receipt.write(to: &output)
        case .transactionReceipt(let transaction):
            output.key("receipt")
            transaction.write(to: &output)
            output.key("transaction_receipt")
            output.beginObject()
            output.key("certificate")
            CertificateEntry(index: 0, offset: nil, role: "leaf", certificate: transaction.certificate).write(to: &output)
            output.key("envelope")
            output.beginObject()
            for (key, value) in transaction.envelope.sorted(by: { $0.key < $1.key }) {
                output.dynamicKey(key)
                output.string(value)
            }
            output.endObject()
            output.key("signature_length")
            output.integer(transaction.signature.count)
            output.key("signature_version")
            output.integer(Int(transaction.signatureVersion))
            output.endObject()
        case .jws(let jws):
            let tree = SignedDataDecoder.decode(jws)
            output.key("jws")
            jws.write(to: &output)
            output.key("nested")
            output.beginArray()
            for item in tree.nested { item.write(to: &output, .library) }
            output.endArray()
            output.key("signed_data_kind")
            output.string(tree.kind.rawValue)
        case .signedDataBody: break
        }
    }
}
