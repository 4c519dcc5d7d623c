import ReceiptKit

/// Remembers which user first carried each key (a transaction id, a payload hash) and, for the few keys that turn
/// up under more than one user, every user and that user's first record.
///
/// The common case, a key seen under one user only, costs one compact dictionary entry; the per-user lists exist
/// only for shared keys. So memory grows with the number of distinct keys (and distinct users of shared keys),
/// never with the number of records.
struct SharedKeyTable<Key: Hashable & Sendable>: Sendable {
    struct Entry: Sendable {
        var firstRecord: Int
        var firstUser: UInt32
        /// Records that carried the key, saturating at UInt32.max.
        var recordCount: UInt32
    }

    /// A key under more than one user.
    struct SharedKey: Sendable {
        /// How the key is printed (the transaction id, or the full payload hash).
        let label: String
        /// Users in order of their first record with this key, and those first records.
        var users: [UInt32]
        var firstRecords: [Int]
        var userSet: Set<UInt32>
    }

    /// At most this many earlier records are returned for one observation.
    let earlierLimit: Int
    private(set) var entries: [Key: Entry] = [:]
    private(set) var shared: [Key: SharedKey] = [:]

    init(earlierLimit: Int) { self.earlierLimit = max(1, earlierLimit) }

    /// Notes that `record`, under `user`, carries `key`. `label` is asked for only when the key becomes shared.
    mutating func observe(_ key: Key, user: UInt32, record: Int, label: () -> String) -> KeySharing? {
        guard let index = entries.index(forKey: key) else {
            entries[key] = Entry(firstRecord: record, firstUser: user, recordCount: 1)
            return nil
        }
        let entry = entries.values[index]
        if entry.recordCount < UInt32.max { entries.values[index].recordCount = entry.recordCount + 1 }
        if let place = shared.index(forKey: key) {
            // Updated in place: taking the group out and putting it back hashed the key twice more per record.
            if shared.values[place].userSet.insert(user).inserted {
                shared.values[place].users.append(user)
                shared.values[place].firstRecords.append(record)
            }
            let group = shared.values[place]
            // Only the first few other users' records are listed, so a key shared by thousands of accounts costs
            // the same per record as one shared by two.
            var earlier: [Int] = []
            for (other, first) in zip(group.users, group.firstRecords) where other != user {
                earlier.append(first)
                if earlier.count == earlierLimit { break }
            }
            return KeySharing(otherUsers: group.users.count - 1, earlierRecords: earlier)
        }
        guard entry.firstUser != user else { return nil }
        shared[key] = SharedKey(
            label: label(), users: [entry.firstUser, user], firstRecords: [entry.firstRecord, record],
            userSet: [entry.firstUser, user])
        return KeySharing(otherUsers: 1, earlierRecords: [entry.firstRecord])
    }

    /// How many records carried a key.
    func recordCount(_ key: Key) -> Int { entries[key].map { Int($0.recordCount) } ?? 0 }
}

/// What the table answers for a key that is under more than one user.
struct KeySharing: Sendable {
    /// Distinct users other than the current one that carried the key.
    let otherUsers: Int
    /// The first record of the first few of those users, earliest first.
    let earlierRecords: [Int]
}
