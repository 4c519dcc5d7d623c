/// The local trust decision for an app receipt: signature, chain to a pinned anchor at the receipt's creation
/// date, Apple marker OIDs, algorithms and the requested field checks. Every check is reported; the verifier
/// never stops at the first failure and never throws for a receipt it could decode.
public struct ReceiptVerifier: Sendable {
    public let policy: VerificationPolicy
    let linkCache: LinkSignatureCache

    public init(policy: VerificationPolicy, linkCache: LinkSignatureCache = .shared) {
        self.policy = policy
        self.linkCache = linkCache
    }

    public func verify(_ appReceipt: AppReceipt) -> VerificationReport {
        let context = AppReceiptContext(appReceipt, policy: policy)
        var checks = SignerChecks.table.map { $0(context) }
        var anchor: TrustAnchor? = nil
        var roles = appReceipt.certificates.map {
            VerificationReport.CertificateRole(role: "not on the signing path", certificate: $0)
        }
        if let leaf = context.signerCertificate {
            let chain = ChainContext(
                path: CertificatePath(leaf: leaf, embedded: appReceipt.certificates, anchors: policy.anchors),
                embeddedCount: appReceipt.certificates.count, policy: policy, time: context.time,
                timeSource: context.timeSource, linkCache: linkCache)
            checks += ChainChecks.table.map { $0(chain) }
            anchor = chain.anchor
            roles = chain.roles(embedded: appReceipt.certificates)
        } else {
            checks += CheckID.chainChecks.map { VerificationCheck($0, .skip, "no signer certificate to start the chain from") }
        }
        checks += ReceiptFieldChecks.table.map { $0(context) }
        return VerificationReport(
            checks: checks, warnings: DateSanity.warnings(for: appReceipt.receipt), time: context.time,
            timeSource: context.timeSource, anchor: anchor, certificates: roles)
    }
}
