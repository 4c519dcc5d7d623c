/// What was handed in and how it was unwrapped: the `input` object of every document.
package struct InputSummary: Sendable {
    /// What the input turned out to be; ``name`` is the JSON `kind`.
    package enum Kind: Sendable, Equatable {
        case appReceipt
        case xcodeReceipt
        case transactionReceipt
        case jws
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

    /// The file name, or `(stdin)`.
    package let source: String
    package let size: Int
    /// The wrappers removed, outermost first.
    package let layers: [String]
    package let kind: Kind
    /// True when base64 had to be decoded twice.
    package let wasDoublyEncoded: Bool

    package init(source: String, input: ReceiptInput, document: ReceiptDecoder.Document) {
        self.source = source
        size = input.inputSize
        layers = input.layers
        wasDoublyEncoded = input.wasDoublyEncoded
        kind = Kind(document)
    }

    /// The note shown for doubly encoded input.
    package var note: String? { wasDoublyEncoded ? "base64 of base64: the text was encoded twice" : nil }

    /// `{kind, layers, note, size, source}`.
    package func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("kind")
        output.string(kind.name)
        output.member("layers", strings: layers)
        output.member("note", note)
        output.key("size")
        output.integer(size)
        output.key("source")
        output.string(source)
        output.endObject()
    }
}
