import Synchronization

/// Good OCSP answers kept for a short while, so that the items of one run that share a chain (a notification and
/// the transaction inside it, a folder of receipts from one period) ask each responder once. Only "good" is
/// kept: a revoked, unknown or failed answer is asked again. An entry lasts ``lifetime`` (15 minutes, as Apple's
/// library keeps its online results) and never past the answer's nextUpdate. Bounded: when full, expired entries
/// go first, then the one that expires soonest.
public final class OCSPStatusCache: Sendable {
    /// Explicit, not object identity: the certificate, the issuer the answer was checked with and the anchor the
    /// responder's signature was verified to, each by its SHA-256 fingerprint.
    struct Key: Hashable, Sendable {
        let certificate: String
        let issuer: String
        let anchor: String
    }

    struct Entry: Sendable {
        let expires: Timestamp
        /// What the check reports for a cached answer: where it came from and its window.
        let detail: String
    }

    static let lifetime: Int64 = 15 * 60 * 1000

    private let entries = Mutex<[Key: Entry]>([:])
    private let capacity: Int

    /// A cache for one checker's answers; Apple's responders let an answer stand for minutes, so a batch asks once.
    /// - Parameter capacity: How many certificates' answers it keeps.
    public init(capacity: Int = 32) { self.capacity = max(1, capacity) }

    /// The entry for `key` when it has not expired at `now`.
    func entry(for key: Key, now: Timestamp) -> Entry? {
        entries.withLock { table in
            guard let entry = table[key] else { return nil }
            guard now < entry.expires else {
                table[key] = nil
                return nil
            }
            return entry
        }
    }

    /// Keeps a good answer whose nextUpdate is `nextUpdate`, learnt at `now`.
    func store(_ key: Key, detail: String, nextUpdate: Timestamp, now: Timestamp) {
        let expires = Timestamp(milliseconds: min(nextUpdate.milliseconds, now.milliseconds + Self.lifetime))
        guard now < expires else { return }
        entries.withLock { table in
            if table[key] == nil, table.count >= capacity {
                table = table.filter { now < $0.value.expires }
                if table.count >= capacity, let soonest = table.min(by: { $0.value.expires < $1.value.expires }) {
                    table[soonest.key] = nil
                }
            }
            table[key] = Entry(expires: expires, detail: detail)
        }
    }

    /// How many answers are kept (for tests of the bound).
    var count: Int { entries.withLock { $0.count } }
}
