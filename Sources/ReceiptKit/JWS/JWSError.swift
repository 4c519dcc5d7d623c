/// Why a compact JWS could not be read.
public enum JWSError: Error, Equatable, Sendable, CustomStringConvertible {
    case segmentNotBase64(segment: String, offset: Int, reason: String)
    case segmentNotJSON(segment: String, JSONParser.Failure)
    case invalidCertificate(index: Int, OpenSSLError)
    /// A compact JWS has exactly three dot-separated segments; this says how many were found (4: four or more).
    case segmentCount(Int)

    public var description: String {
        switch self {
        case .segmentNotBase64(let segment, let offset, let reason):
            return "JWS \(segment) is not base64url: \(reason) at offset \(offset)"
        case .segmentNotJSON(let segment, let failure): return "JWS \(segment): \(failure)"
        case .invalidCertificate(let index, let error): return "JWS x5c[\(index)]: \(error)"
        case .segmentCount(let count):
            return "a compact JWS has 3 dot-separated segments, this one has \(count > 3 ? "more than 3" : String(count))"
        }
    }
}
