package import ReceiptKit

/// What went wrong in a command, mapped here (and only here) to wording and an exit code.
package enum CLIError: Error, Sendable, CustomStringConvertible {
    /// A bad command line found while running (the parser's own checks and `validate()` come first).
    case usage(String)
    case unreadable(path: String, reason: String)
    case undecodable(source: String, DecodeError)
    case output(String)
    /// Standard output's reader went away (EPIPE, e.g. `| head -1`): stop quietly, like any Unix filter.
    case outputClosed
    /// Anything else the command wants to report with a specific status.
    case failure(String, ExitCode)

    package var exitCode: ExitCode {
        switch self {
        case .usage: return .usage
        case .unreadable: return .noInput
        case .undecodable(_, let error):
            if case .openSSL = error { return .internalError }
            return .dataError
        case .output: return .ioError
        // `cat FILE | head -1` exits 0 as well; a `set -o pipefail` script must not fail because it read enough.
        case .outputClosed: return .success
        case .failure(_, let code): return code
        }
    }

    package var description: String {
        switch self {
        case .usage(let message): return message
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .undecodable(let source, let error): return "\(source): \(error.message(.commandLine))"
        case .output(let reason): return "writing output failed: \(reason)"
        case .outputClosed: return "standard output was closed by its reader"
        case .failure(let message, _): return message
        }
    }

    /// The message without the input's name in front, for documents that name the input under `input.source`.
    package var detail: String {
        if case .undecodable(_, let error) = self { return error.message(.commandLine) }
        return description
    }

    /// The byte offset of the problem in the input, when one is known.
    package var offset: Int? {
        if case .undecodable(_, let error) = self { return error.offset }
        return nil
    }
}
