/// Verification of iOS 6 transaction receipts: the signer and field checks are in ``TransactionReceiptChecks``,
/// the chain is the ``ChainEvaluator``'s, as for every other input.
extension ReceiptVerifier {
    /// Runs every check of an iOS 6 transaction receipt (those that apply; the others are skipped).
    /// - Parameter transaction: A decoded transaction receipt.
    /// - Returns: Every check with its outcome and the verdict they add up to.
    public func verify(_ transaction: TransactionReceipt) -> VerificationReport {
        let context = TransactionReceiptContext(transaction, policy: policy)
        let leaf = transaction.certificate
        let chain = ChainEvaluator(policy: .transactionReceipt(policy), linkCache: linkCache)
            .evaluate(leaf: leaf, embedded: [leaf], time: context.time)
        var checks = TransactionReceiptChecks.signerTable.map { $0(context) }
        checks += chain.checks
        checks.append(
            chain.validity(
                time: context.time, source: context.timeSource,
                missingTime: "no verification time: purchase-info has no readable purchase-date"))
        if let revocation = chain.revocation(policy.revocation) { checks.append(revocation) }
        checks += TransactionReceiptChecks.fieldTable.map { $0(context) }
        return VerificationReport(
            checks: checks, warnings: [], time: context.time, timeSource: context.timeSource, anchor: chain.anchor,
            certificates: chain.roles)
    }
}
