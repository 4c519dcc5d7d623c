import ReceiptKit

/// Why an audit input could not be read: the path and the system's reason.
public enum AuditInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `path` could not be examined, listed, opened or read; `reason` is the system's words.
    case unreadable(path: String, reason: String)

    /// `cannot read PATH: REASON`.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        }
    }
}
