/// Why an iOS 6 transaction receipt could not be read.
public enum TransactionReceiptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A required key (`purchase-info`, `signature`) is missing.
    case missingKey(String)
    /// An entry that must be base64 is not.
    case notBase64(key: String, offset: Int, reason: String)
    /// The decoded purchase-info is not a plist this reader accepts.
    case invalidPurchaseInfo(offset: Int, reason: String)
    /// The signature blob is too short or its lengths do not add up.
    case invalidSignatureBlob(String)
    /// The signing certificate in the signature blob does not decode.
    case invalidCertificate(OpenSSLError)

    /// What went wrong and where, for an error message.
    public var description: String {
        switch self {
        case .missingKey(let key): return "transaction receipt has no \"\(key)\" entry"
        case .notBase64(let key, let offset, let reason):
            return "transaction receipt \"\(key)\" is not base64: \(reason) at offset \(offset)"
        case .invalidPurchaseInfo(let offset, let reason):
            return "transaction receipt purchase-info: \(reason) at offset \(offset)"
        case .invalidSignatureBlob(let reason): return "transaction receipt signature: \(reason)"
        case .invalidCertificate(let error): return "transaction receipt certificate: \(error)"
        }
    }
}
