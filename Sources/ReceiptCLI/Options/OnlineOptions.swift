import ArgumentParser
import ReceiptKit
import ReceiptRemote

/// `--online` and `--ocsp-timeout`: whether `verify` also asks the certificates' OCSP responders
/// (`chain.revocation`, docs/revocation.md), through libcurl. Without `--online` nobody is asked and the check is
/// not in the report.
struct OnlineOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Also ask the OCSP responder each certificate below the anchor names (its AIA) whether it is revoked "
                + "(chain.revocation); needs the network."))
    var online = false

    @Option(
        name: .customLong("ocsp-timeout"),
        help: ArgumentHelp(
            "With --online: give up on one responder after this long, connecting to last byte (default 30).",
            valueName: "seconds"))
    var ocspTimeout: String?

    func validate() throws { _ = try validating { () throws(CLIError) in try checker() } }

    /// The checker for `--online`, nil without it; the current time is read for every answer. `--ocsp-timeout`
    /// without `--online`, or outside 0.001 to 300 seconds, is a usage error.
    func checker() throws(CLIError) -> RevocationChecker? {
        guard online else {
            if ocspTimeout != nil { throw .usage("--ocsp-timeout needs --online") }
            return nil
        }
        var timeout = OCSPHTTPTransport.defaultTimeout
        if let text = ocspTimeout {
            guard let seconds = Double(text), OCSPHTTPTransport.timeoutRange.contains(seconds) else {
                throw .usage("--ocsp-timeout needs a number of seconds from 0.001 to 300, not '\(text)'")
            }
            timeout = seconds
        }
        return RevocationChecker(transport: OCSPHTTPTransport(timeout: timeout), clock: { TimeOptions.now() })
    }
}
