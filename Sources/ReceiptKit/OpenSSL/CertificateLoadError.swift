/// Why a certificate file could not be loaded.
public enum CertificateLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalid(String)
    public var description: String {
        switch self {
        case .invalid(let reason): return reason
        }
    }
}
