/// Why a certificate file could not be loaded.
public enum CertificateLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes hold no certificate that decodes; the text says what was wrong.
    case invalid(String)
    /// The reason, as the message for the caller.
    public var description: String {
        switch self {
        case .invalid(let reason): return reason
        }
    }
}
