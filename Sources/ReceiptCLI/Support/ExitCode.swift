/// The documented exit statuses (sysexits.h numbers where one fits), shared by README, man page and --help.
package enum ExitCode: Int32, Sendable {
    /// Success: decode printed, verify valid, compare agreed.
    case success = 0
    /// The work ran and the answer is negative (a failed check, a disagreement).
    case negative = 1
    /// Bad command line.
    case usage = 64
    /// The input is not a receipt this tool can parse.
    case dataError = 65
    /// An input file is missing or unreadable.
    case noInput = 66
    /// The remote verifier could not be reached or kept answering with a retryable error.
    case unavailable = 69
    /// A bug: something that should not happen did.
    case internalError = 70
    /// Writing the output failed.
    case ioError = 74
    /// Stopped by Ctrl-C (128 + SIGINT, as shells report it); the output holds complete lines only.
    case interrupted = 130
}

extension ExitCode: Comparable {
    package static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
