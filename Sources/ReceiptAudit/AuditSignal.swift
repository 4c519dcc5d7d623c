import ReceiptKit

/// A fraud signal raised on a record: which one, why in words, and the record numbers it relates to.
public struct AuditSignal: Sendable, Equatable {
    /// The signals an audit raises, in the order a record lists them.
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        /// The same signed payload (so also the same receipt) under more than one user id.
        case receiptSharedBetweenUsers = "receipt_shared_between_users"
        /// A transaction id or original transaction id under more than one user id: a replayed purchase.
        case transactionSharedBetweenUsers = "transaction_shared_between_users"
        /// The receipt's bundle id is not one of the allowed ones (`--bundle-id`, or the record's `bundle_id`).
        case bundleIDNotAllowed = "bundle_id_not_allowed"
        /// The receipt's environment is not the one required (`--environment`).
        case environmentNotAllowed = "environment_not_allowed"
        /// The record's device id does not produce the receipt's device hash.
        case deviceMismatch = "device_mismatch"
        /// The receipt was created after the audit's reference time (`--at`, or the audit's start).
        case creationDateInFuture = "creation_date_in_future"

        /// Raised by comparing records with each other, so a merge of shards must raise it again.
        public var isCrossRecord: Bool {
            self == .receiptSharedBetweenUsers || self == .transactionSharedBetweenUsers
        }

        /// Declaration order, the order a record and the summary list signals in.
        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
        }
    }

    /// Which signal.
    public let kind: Kind
    /// Why it was raised, in words, naming the value or key involved.
    public let detail: String
    /// The related record numbers: the earlier records for a cross-record signal, the record itself otherwise.
    public let records: [Int]
    /// For a cross-record signal raised against the index of earlier batches: where another user sent the key
    /// first. Nil without `--index`, and for sharing seen within this batch only.
    public let firstSeen: AuditFirstSeen?

    package init(_ kind: Kind, _ detail: String, records: [Int], firstSeen: AuditFirstSeen? = nil) {
        self.kind = kind
        self.detail = detail
        self.records = records
        self.firstSeen = firstSeen
    }
}
