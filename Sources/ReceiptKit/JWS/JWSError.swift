/// Why a compact JWS could not be read.
public enum JWSError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `header`, `payload` or `signature` segment is not base64url; `offset` is within that segment.
    case segmentNotBase64(segment: String, offset: Int, reason: String)
    /// The `header` or `payload` segment decodes to bytes that are not JSON.
    case segmentNotJSON(segment: String, JSONParser.Failure)
    /// The header decodes to JSON that is not an object.
    case headerNotObject
    /// x5c entry `index` (0 is the leaf) is not a JSON string.
    case certificateNotString(index: Int)
    /// x5c entry `index` is not base64; `offset` is within the entry.
    case certificateNotBase64(index: Int, offset: Int, reason: String)
    /// x5c entry `index` decodes, but OpenSSL does not read it as an X.509 certificate.
    case invalidCertificate(index: Int, OpenSSLError)
    /// A compact JWS has exactly three dot-separated segments; this says how many were found (4: four or more).
    case segmentCount(Int)

    /// One line for a person, naming the segment or x5c entry.
    public var description: String {
        switch self {
        case .segmentCount(let count):
            let found = count > 3 ? "more than 3" : String(count)
            return "a compact JWS has 3 dot-separated segments (header.payload.signature); this text has \(found)"
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
