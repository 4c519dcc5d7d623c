/// The local trust decision for an app receipt: signature, chain to a pinned anchor at the receipt's creation
/// date, Apple marker OIDs, algorithms and the requested field checks. Every check is reported; the verifier
/// never stops at the first failure and never throws for a receipt it could decode.
public struct ReceiptVerifier: Sendable {
    /// What this verifier trusts and checks.
    public let policy: VerificationPolicy
    let linkCache: LinkSignatureCache

    /// - Parameters:
    ///   - policy: What to trust and which fields to check.
    ///   - linkCache: Where checked certificate links and chains are kept, so a batch pays for a chain once.
    public init(policy: VerificationPolicy, linkCache: LinkSignatureCache = .shared) {
        self.policy = policy
        self.linkCache = linkCache
    }

    /// Runs every receipt check.
    /// - Parameter appReceipt: A decoded app receipt.
    /// - Returns: Every check with its outcome, the verdict they add up to, the time used and the certificates' roles.
    public func verify(_ appReceipt: AppReceipt) -> VerificationReport {
        let context = AppReceiptContext(appReceipt, policy: policy)
        var checks: [VerificationCheck] = []
        checks.reserveCapacity(SignerChecks.table.count + CheckID.chainChecks.count + ReceiptFieldChecks.table.count)
        for check in SignerChecks.table { checks.append(check(context)) }
        var anchor: TrustAnchor? = nil
        let roles: [VerificationReport.CertificateRole]
        if let leaf = context.signerCertificate {
            let chain = ChainEvaluator(
                policy: .appReceipt(policy, receiptType: appReceipt.receipt.environment), linkCache: linkCache
            ).evaluate(leaf: leaf, embedded: appReceipt.certificates, time: context.time)
            checks.append(contentsOf: chain.checks)
            checks.append(
                chain.validity(
                    time: context.time, source: context.timeSource,
                    missingTime:
                        "no verification time: the receipt has no creation date and \(option: .verificationTime) was not given"))
            if let revocation = chain.revocation(policy.revocation) { checks.append(revocation) }
            anchor = chain.anchor
            roles = chain.roles
        } else {
            for id in CheckID.chainChecks {
                checks.append(VerificationCheck(id, .skip, "no signer certificate to start the chain from"))
            }
            roles = appReceipt.certificates.map {
                VerificationReport.CertificateRole(role: "not on the signing path", certificate: $0)
            }
        }
        for check in ReceiptFieldChecks.table { checks.append(check(context)) }
        return VerificationReport(
            checks: checks, warnings: DateSanity.warnings(for: appReceipt.receipt), time: context.time,
            timeSource: context.timeSource, anchor: anchor, certificates: roles)
    }
}
