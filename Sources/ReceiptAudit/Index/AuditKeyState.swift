/// What the index knows of one key without reading its rows (the `shared_keys` row, or the key's only user's
/// first row): how many users sent it, the first place of all, and the first place under a user other than the
/// first's. That is enough to answer "where did a user other than U first send it" for any U in constant time:
/// the first place if it is not U's, else the second. Keeping it per key, updated on insert, is what makes a
/// record's cost independent of how many users share its keys (docs/audit-index.md, schema).
struct AuditKeyState {
    /// One row of `sends` as a place in the index's order: batch, then record, then user bytes (the last only
    /// breaks ties no real batch has: a record has one user).
    struct Place: Equatable {
        let batch: Int64
        let record: Int64
        let line: Int64
        let user: [UInt8]

        func precedes(_ other: Place) -> Bool {
            if batch != other.batch { return batch < other.batch }
            if record != other.record { return record < other.record }
            return user.lexicographicallyPrecedes(other.user)
        }
    }

    /// Distinct users (by bytes) that sent the key, in every batch, this run's rows included.
    var users: Int
    /// The least place of the key.
    var first: Place?
    /// The least place under a user other than `first`'s (nil with fewer than two users).
    var second: Place?
    /// Whether the user asked about has sent the key before (in any batch): known from the counts for a key
    /// of one user, else read from `sends`.
    var userSent: Bool

    static let unknown = AuditKeyState(users: 0, first: nil, second: nil, userSent: false)

    /// The least place under a user other than `user` (any user for nil).
    func firstPlace(notUnder user: [UInt8]?) -> Place? {
        guard let first, let user, first.user == user else { return first }
        return second
    }

    /// Users other than `user` (all of them for nil).
    func otherUsers(than user: [UInt8]?) -> Int {
        user != nil && userSent ? users - 1 : users
    }

    /// The state once `place` is a row of the key too, `userSent` telling whether its user had sent it before:
    /// the first two places of {first, second, place} are those of all rows, as a new row can only displace
    /// them, and the second is the least under another user than the first.
    func adding(_ place: Place) -> AuditKeyState {
        let users = userSent ? self.users : self.users + 1
        guard let first else { return AuditKeyState(users: users, first: place, second: nil, userSent: true) }
        if first.precedes(place) {
            // The first stays; the second is the lesser of the old one and the new row, if that is another user's.
            guard place.user != first.user, second.map({ place.precedes($0) }) ?? true else {
                return AuditKeyState(users: users, first: first, second: second, userSent: true)
            }
            return AuditKeyState(users: users, first: first, second: place, userSent: true)
        }
        // The new row comes first: the second is the old first unless that is the same user's, then the old second.
        let next = first.user != place.user ? first : second
        return AuditKeyState(users: users, first: place, second: next, userSent: true)
    }
}
