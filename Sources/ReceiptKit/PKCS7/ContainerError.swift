/// Why the PKCS#7 container could not be read.
public enum ContainerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The container is not well-formed ASN.1, or not shaped as PKCS#7 signedData.
    case asn1(ASN1Error)
    /// The ContentInfo holds something other than signedData (`found` is its name, e.g. `envelopedData`).
    case notSignedData(found: String, offset: Int)
    /// The signed content is not of type `data`.
    case unexpectedContentType(found: String, offset: Int)
    /// The content is detached (absent from the container), so there is no receipt to read.
    case detachedContent(offset: Int)
    /// The embedded certificate at `index` (container order) does not decode.
    case invalidCertificate(index: Int, offset: Int, OpenSSLError)
    /// The signer's issuer name does not decode, so its certificate cannot be looked up.
    case invalidName(offset: Int, OpenSSLError)

    /// What went wrong and at which byte offset, for an error message.
    public var description: String {
        switch self {
        case .asn1(let error): return error.description
        case .notSignedData(let found, let offset):
            return "content type is \(found), expected signedData (at offset \(offset))"
        case .unexpectedContentType(let found, let offset):
            return "signed content type is \(found), expected data (at offset \(offset))"
        case .detachedContent(let offset):
            return "the signed data at offset \(offset) carries no content (detached signature)"
        case .invalidCertificate(let index, let offset, let error):
            return "certificate \(index) at offset \(offset) cannot be decoded: \(error)"
        case .invalidName(let offset, let error):
            return "signer issuer name at offset \(offset) cannot be decoded: \(error)"
        }
    }

    /// The byte offset of the element at fault, for pointing at it in `dump`.
    public var offset: Int {
        switch self {
        case .asn1(let error): return error.offset
        case .notSignedData(_, let offset), .unexpectedContentType(_, let offset), .detachedContent(let offset),
            .invalidCertificate(_, let offset, _), .invalidName(let offset, _):
            return offset
        }
    }
}
