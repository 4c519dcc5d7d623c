import Synchronization

/// Outcomes of certificate-signs-certificate checks, keyed by the two fingerprints.
///
/// Every receipt of a period carries the same leaf, intermediate and root, so after the first receipt the chain
/// costs two dictionary lookups instead of two RSA verifications. Bounded like ``CertificateCache``.
public final class LinkSignatureCache: Sendable {
    public static let shared = LinkSignatureCache()

    private let outcomes = Mutex<[String: SignatureOutcome]>([:])
    private let capacity: Int

    public init(capacity: Int = 4096) { self.capacity = capacity }

    /// Whether `child` is signed by `issuer`, computed once per pair.
    public func outcome(child: X509Certificate, issuer: X509Certificate) -> SignatureOutcome {
        let key = child.sha256Fingerprint + ">" + issuer.sha256Fingerprint
        if let known = outcomes.withLock({ $0[key] }) { return known }
        let outcome = child.signatureVerifies(with: issuer)
        outcomes.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[key] = outcome
        }
        return outcome
    }
}
