import ReceiptKit

/// The records behind one signal and one key, for the summary: a transaction id and every user it appeared
/// under, or a bundle id outside the allowed set and the records that carried it.
public struct AuditSignalGroup: Sendable, Equatable {
    /// Lists (records, users) keep their first this many entries; the counts stay exact.
    package static let listLimit = 100

    /// The signal the group's records carry.
    public let kind: AuditSignal.Kind
    /// The transaction id, payload hash, bundle id, environment, or user id the group is about.
    public let key: String
    /// Records that carried the key.
    public var recordCount: Int
    /// For a cross-record signal, each user's first record with the key; otherwise the flagged records.
    public var records: [Int]
    /// Distinct users (cross-record signals only): this run's, and with `audit --index` those of earlier batches.
    public var userCount: Int?
    /// This run's users (for sharing, in the order of their first record, beside `records`).
    public var users: [String]?
    /// With `audit --index`, for a key that earlier batches hold too: where the index first holds it (any user).
    public var firstSeen: AuditFirstSeen?
    /// With it: the users that sent the key in earlier batches only, not in this run (counted in `userCount`).
    public var earlierUserCount: Int?

    package init(
        kind: AuditSignal.Kind, key: String, recordCount: Int, records: [Int], userCount: Int?, users: [String]?,
        firstSeen: AuditFirstSeen? = nil, earlierUserCount: Int? = nil
    ) {
        self.kind = kind
        self.key = key
        self.recordCount = recordCount
        self.records = records
        self.userCount = userCount
        self.users = users
        self.firstSeen = firstSeen
        self.earlierUserCount = earlierUserCount
    }

    /// Summary order: by signal, then by first record, then by key.
    static func precedes(_ lhs: AuditSignalGroup, _ rhs: AuditSignalGroup) -> Bool {
        if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        let left = lhs.records.first ?? 0
        let right = rhs.records.first ?? 0
        if left != right { return left < right }
        return lhs.key < rhs.key
    }
}
