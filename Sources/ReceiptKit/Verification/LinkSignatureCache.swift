import Synchronization

/// Outcomes of certificate-signs-certificate checks made outside OpenSSL's chain (a link its verifier refused or
/// found bad, a lone signer's self-signature, an anchor standing in for x5c's root), one per pair of certificate
/// objects, and the chain evaluations themselves (``chains``).
///
/// Every receipt of a period carries the same leaf, intermediate and root, and ``CertificateCache`` hands out the
/// same objects for them, so after the first receipt its chain costs one lookup. Keys are object identities;
/// each entry keeps its two certificates alive, so an identity cannot be reused by another certificate while its
/// entry exists. Bounded like ``CertificateCache``.
public final class LinkSignatureCache: Sendable {
    /// The process-wide cache the verifiers use unless handed another.
    public static let shared = LinkSignatureCache()

    private struct Pair: Hashable {
        let child: ObjectIdentifier
        let issuer: ObjectIdentifier
    }

    private struct Entry: Sendable {
        let child: X509Certificate
        let issuer: X509Certificate
        let outcome: SignatureOutcome
    }

    private let outcomes = Mutex<[Pair: Entry]>([:])
    private let capacity: Int
    /// Whole chain evaluations, by ``ChainResultCache/Key``.
    let chains = ChainResultCache()

    /// A cache of its own, for a caller that wants to bound or drop what ``shared`` would keep.
    /// - Parameter capacity: How many certificate pairs it holds before it starts over.
    public init(capacity: Int = 4096) { self.capacity = capacity }

    /// Whether `child` is signed by `issuer`, computed once per pair.
    package func outcome(child: X509Certificate, issuer: X509Certificate) -> SignatureOutcome {
        let key = Pair(child: ObjectIdentifier(child), issuer: ObjectIdentifier(issuer))
        if let known = outcomes.withLock({ $0[key] }) { return known.outcome }
        let outcome = child.signatureVerifies(with: issuer)
        outcomes.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[key] = Entry(child: child, issuer: issuer, outcome: outcome)
        }
        return outcome
    }
}
