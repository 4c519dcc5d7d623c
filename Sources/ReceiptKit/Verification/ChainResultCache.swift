import Synchronization

/// Chain evaluations (``ChainEvaluation``) of receipts and StoreKit 2 items alike, by ``Key``.
///
/// Every receipt of a period carries the same leaf, intermediate and root, and ``CertificateCache`` hands out the
/// same objects for them, so the path, OpenSSL's validation of it, the time-free checks, the anchor and the
/// certificate roles come out the same for each. Running `X509_verify_cert` and formatting the checks cost more
/// than the rest of a warm verify outside the signature itself; after the first item of a chain they are looked
/// up here. Few distinct chains meet a process: a handful of entries, searched in order and emptied when full.
final class ChainResultCache: Sendable {
    /// Everything a chain evaluation reads. Two keys are equal only when every input is: the signer and the
    /// embedded certificates (by identity, in order), the rules in force (era, anchors, Xcode rule and the
    /// environment it reads) and the validity window of the verification time.
    struct Key: Hashable, Sendable {
        let leaf: ObjectIdentifier
        let embedded: [ObjectIdentifier]
        let policy: ChainPolicy
        let window: ValidityWindow

        init(leaf: X509Certificate, embedded: [X509Certificate], policy: ChainPolicy, window: ValidityWindow) {
            self.leaf = ObjectIdentifier(leaf)
            self.embedded = embedded.map(ObjectIdentifier.init)
            self.policy = policy
            self.window = window
        }
    }

    private struct Entry: Sendable {
        let key: Key
        /// Keeps the certificates alive, so an identity in the key cannot be reused by another certificate while
        /// the entry exists.
        let certificates: [X509Certificate]
        let evaluation: ChainEvaluation
    }

    private let entries = Mutex<[Entry]>([])
    private let capacity: Int

    init(capacity: Int = 16) { self.capacity = capacity }

    /// The evaluation for `key`, made by `compute` the first time; `certificates` are those the key names.
    func evaluation(for key: Key, certificates: [X509Certificate], compute: () -> ChainEvaluation) -> ChainEvaluation {
        if let known = entries.withLock({ entries in entries.first { $0.key == key }?.evaluation }) { return known }
        let evaluation = compute()
        let entry = Entry(key: key, certificates: certificates, evaluation: evaluation)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries.append(entry)
        }
        return evaluation
    }
}
