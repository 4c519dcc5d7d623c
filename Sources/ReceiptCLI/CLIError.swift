public import ReceiptKit

/// What went wrong in a command, mapped here (and only here) to wording and an exit code.
public enum CLIError: Error, Sendable, CustomStringConvertible {
    /// A bad command line; `command` is used to point at its help.
    case usage(String, command: String?)
    case unreadable(path: String, reason: String)
    case undecodable(source: String, DecodeError)
    case output(String)
    /// Anything else the command wants to report with a specific status.
    case failure(String, ExitCode)

    public var exitCode: ExitCode {
        switch self {
        case .usage: return .usage
        case .unreadable: return .noInput
        case .undecodable(_, let error):
            if case .openSSL = error { return .internalError }
            return .dataError
        case .output: return .ioError
        case .failure(_, let code): return code
        }
    }

    public var description: String {
        switch self {
        case .usage(let message, _): return message
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .undecodable(let source, let error): return "\(source): \(error.message(.commandLine))"
        case .output(let reason): return "writing output failed: \(reason)"
        case .failure(let message, _): return message
        }
    }
}
