/// The outcome of verifying one receipt: every check, the warnings, the time used and the anchor trusted.
public struct VerificationReport: Sendable {
    /// A certificate of the receipt (or the anchor that completed its chain) and the role it plays.
    public struct CertificateRole: Sendable {
        /// Its role: `leaf`, `intermediate`, `root` or `not_on_path`.
        public let role: String
        /// The certificate.
        public let certificate: X509Certificate
    }

    /// What the checks add up to; the one answer most callers need.
    public let verdict: Verdict
    /// Every check, in report order (``CheckID/receiptChecks`` or ``CheckID/jwsChecks``).
    public let checks: [VerificationCheck]
    /// Date sanity findings; they never change the verdict.
    public let warnings: [VerificationWarning]
    /// The time certificates were checked at, nil when none could be determined.
    public let verificationTime: Timestamp?
    /// Where ``verificationTime`` came from (the receipt's creation date, a given time, …).
    public let verificationTimeSource: TimeSource
    /// The anchor the chain ended at, when it ended at one.
    public let trustAnchor: TrustAnchor?
    /// The certificates with the role each plays (leaf, intermediate, root, not on path).
    public let certificates: [CertificateRole]

    init(
        checks: [VerificationCheck], warnings: [VerificationWarning], time: Timestamp?, timeSource: TimeSource,
        anchor: TrustAnchor?, certificates: [CertificateRole]
    ) {
        self.checks = checks
        self.verdict = Verdict(checks: checks)
        self.warnings = warnings
        self.verificationTime = time
        self.verificationTimeSource = timeSource
        self.trustAnchor = anchor
        self.certificates = certificates
    }

    /// The checks that failed.
    public var failedCheckIDs: [CheckID] { checks.filter { $0.status == .fail }.map(\.id) }

    /// The checks that failed or could not be made: what keeps the receipt from being valid.
    public var problemCheckIDs: [CheckID] { checks.compactMap { $0.isProblem ? $0.id : nil } }
}
