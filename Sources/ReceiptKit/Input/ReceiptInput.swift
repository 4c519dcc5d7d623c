/// What the user handed in, after peeling off base64 and JSON layers: the thing to parse and how it was wrapped.
public struct ReceiptInput: Sendable {
    /// The innermost payload.
    public enum Payload: Sendable {
        /// A PKCS#7 container: an app receipt (App Store, sandbox or Xcode).
        case pkcs7(der: [UInt8])
        /// An iOS 6 style transaction receipt: old-style plist text.
        case transactionReceipt(plist: [UInt8])
        /// A StoreKit 2 compact JWS.
        case jws(String)
        /// An App Store Server API answer carrying several signed items (``SignedDataBody``).
        case signedDataBody(SignedDataBody)
    }

    /// What was left after the wrappers came off; decode it with ``ReceiptDecoder`` or the type it names.
    public let payload: Payload
    /// The wrappers removed, outermost first: `json-body`, `base64`, `base64url`, `der`, `plist`, `jws`.
    public let layers: [String]
    /// Size in bytes of what was handed in.
    public let inputSize: Int
    /// For a JWS, its header as the sniffer decoded it to recognise the token (``CompactJWS`` takes it over).
    package let sniffedJWSHeader: SniffedJWSHeader?

    /// The kind name used in output before the content is examined further.
    public var kindName: String {
        switch payload {
        case .pkcs7: return "app_receipt"
        case .transactionReceipt: return "ios6_transaction_receipt"
        case .jws: return "storekit2_jws"
        case .signedDataBody(let body): return "storekit2_" + body.kind.rawValue
        }
    }

    /// True when base64 had to be decoded twice (base64 of base64 text).
    public var wasDoublyEncoded: Bool { layers.filter { $0.hasPrefix("base64") }.count > 1 }
}
