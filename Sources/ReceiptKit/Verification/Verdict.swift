/// The overall answer of a verification.
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
    case unverifiable_here

    /// The verdict the checks add up to.
    public init(checks: [VerificationCheck]) {
        let failed = Set(checks.filter { $0.status == .fail }.map(\.id))
        if !failed.isEmpty {
            self = failed == [CheckID.chainAnchor] ? .untrusted : .invalid
        } else if checks.contains(where: { $0.status == .error }) {
            self = .unverifiable_here
        } else {
            self = .valid
        }
    }
}
