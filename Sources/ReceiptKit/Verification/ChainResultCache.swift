import Synchronization

/// The chain checks of an app receipt that do not read the receipt or the time: everything but validity.
///
/// Every receipt of a period carries the same leaf, intermediate and root, and ``CertificateCache`` hands out the
/// same objects for them, so the path, its seven time-free checks, the anchor and the certificate roles come out
/// the same for each. Rebuilding them cost more than the rest of a warm verify outside RSA (names joined,
/// messages formatted, arrays made per receipt); after the first receipt of a chain they are looked up here.
///
/// An entry is known by the identities of the signer certificate and of the embedded certificates in order, and
/// by what of the policy those checks read (the anchors and `allowXcode`). It keeps its certificates alive, so an
/// identity cannot be reused by another certificate while the entry exists. Receipts bring few distinct chains:
/// a handful of entries, searched in order and emptied when full.
final class ChainResultCache: Sendable {
    /// What verification takes from the chain apart from the validity check.
    struct Result: Sendable {
        /// Leaf first, as ``CertificatePath/certificates``: what the validity check reads.
        let certificates: [X509Certificate]
        /// The checks of ``ChainChecks/timeFree``, in that order.
        let checks: [VerificationCheck]
        let anchor: TrustAnchor?
        let roles: [VerificationReport.CertificateRole]
    }

    private struct Entry: Sendable {
        let leaf: X509Certificate
        let embedded: [X509Certificate]
        let anchors: [TrustAnchor]
        let allowXcode: Bool
        let result: Result

        func matches(leaf: X509Certificate, embedded: [X509Certificate], policy: VerificationPolicy) -> Bool {
            guard self.leaf === leaf, allowXcode == policy.allowXcode, self.embedded.count == embedded.count,
                anchors.count == policy.anchors.count
            else { return false }
            for (kept, given) in zip(self.embedded, embedded) where kept !== given { return false }
            for (kept, given) in zip(anchors, policy.anchors) where !kept.isSame(as: given) { return false }
            return true
        }
    }

    private let entries = Mutex<[Entry]>([])
    private let capacity: Int

    init(capacity: Int = 16) { self.capacity = capacity }

    /// The result for this signer, embedded list and policy, made by `compute` the first time.
    func result(
        leaf: X509Certificate, embedded: [X509Certificate], policy: VerificationPolicy, compute: () -> Result
    ) -> Result {
        let known = entries.withLock { entries in
            entries.first { $0.matches(leaf: leaf, embedded: embedded, policy: policy) }?.result
        }
        if let known { return known }
        let result = compute()
        let entry = Entry(leaf: leaf, embedded: embedded, anchors: policy.anchors, allowXcode: policy.allowXcode, result: result)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries.append(entry)
        }
        return result
    }
}

extension TrustAnchor {
    /// The same anchor in every field a check reads or prints: name, fingerprint, source and certificate object.
    func isSame(as other: TrustAnchor) -> Bool {
        name == other.name && sha256Fingerprint == other.sha256Fingerprint && source == other.source
            && certificate === other.certificate
    }
}
