/// Why a compact JWS could not be read.
public enum JWSError: Error, Equatable, Sendable, CustomStringConvertible {
    case segmentNotBase64(segment: String, offset: Int, reason: String)
    case segmentNotJSON(segment: String, JSONParser.Failure)
    case invalidCertificate(index: Int, OpenSSLError)

    public var description: String {
        switch self {
        case .segmentNotBase64(let segment, let offset, let reason):
            return "JWS \(segment) is not base64url: \(reason) at offset \(offset)"
        case .segmentNotJSON(let segment, let failure): return "JWS \(segment): \(failure)"
        case .invalidCertificate(let index, let error): return "JWS x5c[\(index)]: \(error)"
        }
    }
}
