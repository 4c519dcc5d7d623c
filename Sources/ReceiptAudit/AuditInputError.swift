import ReceiptKit

/// Why an audit input could not be read: the path and the system's reason.
public enum AuditInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        }
    }
}
