/// The overall answer of a verification; the raw value is the JSON spelling.
public enum Verdict: String, Sendable {
    /// Every check passed.
    case valid
    /// A check failed: the receipt is forged, tampered with, or does not match what was asked.
    case invalid
    /// Everything checks out except that the chain ends at a certificate that is not trusted.
    case untrusted
    /// The input is not a receipt that can be parsed.
    case malformed
    /// Nothing failed, but something could not be checked here (e.g. SHA-1 refused by this OpenSSL's policy).
    case unverifiableHere = "unverifiable_here"

    /// The verdict the checks add up to: only an untrusted anchor failing is `untrusted`; any other failure is
    /// `invalid`; a check that could not be made, with nothing failed, is `unverifiableHere`.
    package init(checks: [VerificationCheck]) {
        // One pass without a list of the failures: this runs for every report.
        var failed = false
        var onlyTheAnchorFailed = true
        var erred = false
        for check in checks {
            switch check.status {
            case .fail:
                failed = true
                if check.id != .chainAnchor { onlyTheAnchorFailed = false }
            case .error: erred = true
            case .pass, .skip: break
            }
        }
        if failed {
            self = onlyTheAnchorFailed ? .untrusted : .invalid
        } else {
            self = erred ? .unverifiableHere : .valid
        }
    }
}
