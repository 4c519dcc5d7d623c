/// The outcome of verifying one receipt: every check, the warnings, the time used and the anchor trusted.
public struct VerificationReport: Sendable {
    public let verdict: Verdict
    public let checks: [VerificationCheck]
    /// Date sanity findings; they never change the verdict.
    public let warnings: [VerificationCheck]
    /// The time certificates were checked at, nil when none could be determined.
    public let verificationTime: Timestamp?
    /// `receipt_creation_date`, `purchase-date`, `--at` or `now`.
    public let verificationTimeSource: String
    /// The anchor the chain ended at, when it ended at one.
    public let trustAnchor: TrustAnchor?
    /// The certificates with the role each plays (leaf, intermediate, root, not on path).
    public let certificates: [(role: String, certificate: X509Certificate)]

    init(
        checks: [VerificationCheck], warnings: [VerificationCheck], time: Timestamp?, timeSource: String,
        anchor: TrustAnchor?, certificates: [(role: String, certificate: X509Certificate)]
    ) {
        self.checks = checks
        self.verdict = Verdict(checks: checks)
        self.warnings = warnings
        self.verificationTime = time
        self.verificationTimeSource = timeSource
        self.trustAnchor = anchor
        self.certificates = certificates
    }

    /// The ids of the checks that failed.
    public var failedCheckIDs: [String] { checks.filter { $0.status == .fail }.map(\.id) }
}
