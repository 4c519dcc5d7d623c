/// Why a compact JWS could not be read.
public enum JWSError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A compact JWS has exactly three dot-separated segments (RFC 7515 §7.1).
    case segmentCount(Int)
    case segmentNotBase64(segment: String, offset: Int, reason: String)
    case segmentNotJSON(segment: String, JSONParser.Failure)
    /// The header decodes to JSON that is not an object.
    case headerNotObject
    case certificateNotString(index: Int)
    case certificateNotBase64(index: Int, offset: Int, reason: String)
    case invalidCertificate(index: Int, OpenSSLError)

    public var description: String {
        switch self {
        case .segmentCount(let count):
            return "a compact JWS has 3 dot-separated segments (header.payload.signature); this text has \(count)"
        case .segmentNotBase64(let segment, let offset, let reason):
            return "JWS \(segment) is not base64url: \(reason) at offset \(offset)"
        case .segmentNotJSON(let segment, let failure): return "JWS \(segment): \(failure)"
        case .headerNotObject: return "JWS header is JSON but not an object"
        case .certificateNotString(let index): return "JWS x5c[\(index)] is not a string"
        case .certificateNotBase64(let index, let offset, let reason):
            return "JWS x5c[\(index)] is not base64: \(reason) at offset \(offset)"
        case .invalidCertificate(let index, let error): return "JWS x5c[\(index)]: \(error)"
        }
    }
}
