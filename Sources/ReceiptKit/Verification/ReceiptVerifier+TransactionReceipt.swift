/// Verification of iOS 6 transaction receipts; the checks are in ``TransactionReceiptChecks``.
extension ReceiptVerifier {
    public func verify(_ transaction: TransactionReceipt) -> VerificationReport {
        let context = TransactionReceiptContext(transaction, policy: policy, linkCache: linkCache)
        var roles = [VerificationReport.CertificateRole(role: "leaf", certificate: transaction.certificate)]
        if let issuer = context.issuerAnchor?.certificate {
            roles.append(VerificationReport.CertificateRole(role: "issuer (trust anchor, not embedded)", certificate: issuer))
        }
        return VerificationReport(
            checks: TransactionReceiptChecks.table.map { $0(context) }, warnings: [], time: context.time,
            timeSource: context.timeSource, anchor: context.issuerAnchor, certificates: roles)
    }
}
