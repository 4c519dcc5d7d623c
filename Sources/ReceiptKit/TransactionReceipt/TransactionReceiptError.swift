/// Why an iOS 6 transaction receipt could not be read.
public enum TransactionReceiptError: Error, Equatable, Sendable, CustomStringConvertible {
    case missingKey(String)
    case notBase64(key: String, offset: Int, reason: String)
    case invalidPurchaseInfo(offset: Int, reason: String)
    case invalidSignatureBlob(String)
    case invalidCertificate(OpenSSLError)

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
