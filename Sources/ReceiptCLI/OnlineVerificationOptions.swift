import ReceiptKit
import ReceiptRemote

/// `verify --online`: the revocation checker the policy carries, with libcurl as its transport. Without
/// `--online` nobody is asked and `chain.revocation` is not in the report.
enum OnlineVerificationOptions {
    static let specs: [OptionSpec] = [
        .flag(
            "online",
            "Also ask the OCSP responder each certificate below the anchor names (its AIA) whether it is revoked "
                + "(chain.revocation); needs the network."),
        .value(
            "ocsp-timeout", "SECONDS",
            "With --online: give up on one responder after this long, connecting to last byte (default 30)."),
    ]

    /// The checker for `--online`, nil without it; the current time is read for every answer.
    static func checker(_ arguments: ParsedArguments, command: String) throws(CLIError) -> RevocationChecker? {
        let timeoutText = arguments.value("ocsp-timeout")
        guard arguments.has("online") else {
            if timeoutText != nil { throw .usage("--ocsp-timeout needs --online", command: command) }
            return nil
        }
        var timeout = OCSPHTTPTransport.defaultTimeout
        if let timeoutText {
            guard let seconds = Double(timeoutText), OCSPHTTPTransport.timeoutRange.contains(seconds) else {
                throw .usage(
                    "--ocsp-timeout needs a number of seconds from 0.001 to 300, not '\(timeoutText)'", command: command)
            }
            timeout = seconds
        }
        return RevocationChecker(transport: OCSPHTTPTransport(timeout: timeout), clock: { TimeAndPeriodOptions.now() })
    }
}
