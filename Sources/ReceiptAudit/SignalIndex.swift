import ReceiptKit

/// The cross-record signals, raised on the later record as soon as it is seen, so the output stream needs no
/// second pass: `receipt_shared_between_users` (the same signed payload under another user id) and
/// `transaction_shared_between_users` (a transaction id or original transaction id under another user id).
///
/// Records go through ``observe(_:)`` in input order. The user id anchors both signals: records without one are
/// not indexed, because without user ids repetition means nothing (receipts accumulate, a user restores). Only
/// records whose signature and chain held are indexed (``AuditRecord/hasAuthenticSignature``), so a forged
/// receipt cannot make an honest user's receipt look shared; Xcode receipts (local, tiny ids) and family-shared
/// purchases are left out as well. The payload hash is the key rather than the DER hash because the unsigned
/// parts of a container can be re-encoded without breaking its signature: one receipt, many DER hashes.
public struct SignalIndex: Sendable {
    /// At most this many related record numbers are listed in one signal (the earliest ones).
    package static let signalRecordLimit = 20

    private var users = UserTable()
    private var numericTransactions = SharedKeyTable<UInt64>(earlierLimit: signalRecordLimit)
    private var textTransactions = SharedKeyTable<ExactString>(earlierLimit: signalRecordLimit)
    private var payloads = SharedKeyTable<PayloadKey>(earlierLimit: signalRecordLimit)

    /// An index that has seen no record.
    public init() {}

    /// Indexes `record` and adds the cross-record signals it raises; any it carried already (a shard's, whose
    /// record numbers were local to that shard) are replaced.
    ///
    /// - Parameter record: The next record in input order; it gains its cross-record signals.
    public mutating func observe(_ record: inout AuditRecord) {
        record.signals.removeAll { $0.kind.isCrossRecord }
        guard let userName = Self.indexedUser(of: record), let user = users.number(for: userName) else { return }
        var raised: [AuditSignal] = []
        if let hex = record.payloadSHA256, let key = PayloadKey(hex: hex),
            let sharing = payloads.observe(key, user: user, record: record.number, label: { hex })
        {
            raised.append(
                AuditSignal(
                    .receiptSharedBetweenUsers, Self.payloadDetail(hex: hex, otherUsers: sharing.otherUsers),
                    records: Self.limited(sharing.earlierRecords)))
        }
        var sharedIDs: [String] = []
        var otherUsers = 0
        var earlier = Set<Int>()
        for id in Self.transactionIDs(of: record) {
            let sharing: KeySharing?
            switch id {
            case .number(let number, let text):
                sharing = numericTransactions.observe(number, user: user, record: record.number) { text }
            case .text(let text):
                sharing = textTransactions.observe(ExactString(text), user: user, record: record.number) { text }
            }
            guard let sharing else { continue }
            sharedIDs.append(id.text)
            otherUsers = max(otherUsers, sharing.otherUsers)
            earlier.formUnion(sharing.earlierRecords)
        }
        if !sharedIDs.isEmpty {
            raised.append(
                AuditSignal(
                    .transactionSharedBetweenUsers, Self.transactionDetail(ids: sharedIDs, otherUsers: otherUsers),
                    records: Self.limited(earlier.sorted())))
        }
        guard !raised.isEmpty else { return }
        record.signals = (record.signals + raised).sorted { $0.kind < $1.kind }
    }

    /// Every key under more than one user, as summary groups, ordered by signal and then by first record.
    public var groups: [AuditSignalGroup] {
        var result: [AuditSignalGroup] = []
        for (key, shared) in payloads.shared {
            result.append(group(.receiptSharedBetweenUsers, shared, recordCount: payloads.recordCount(key)))
        }
        for (key, shared) in numericTransactions.shared {
            result.append(group(.transactionSharedBetweenUsers, shared, recordCount: numericTransactions.recordCount(key)))
        }
        for (key, shared) in textTransactions.shared {
            result.append(group(.transactionSharedBetweenUsers, shared, recordCount: textTransactions.recordCount(key)))
        }
        return result.sorted(by: AuditSignalGroup.precedes)
    }

    /// The group of one key of this run, whether or not it is under more than one user here (nil when no
    /// record of this run carried it): what ``AuditIndex`` adds earlier batches' users to.
    func group(_ kind: AuditSignal.Kind, key label: String) -> AuditSignalGroup? {
        if kind == .receiptSharedBetweenUsers {
            return PayloadKey(hex: label).flatMap { group(kind, payloads, $0, label: label) }
        }
        if let number = Self.canonicalNumber(label) { return group(kind, numericTransactions, number, label: label) }
        return group(kind, textTransactions, ExactString(label), label: label)
    }

    private func group<Key>(_ kind: AuditSignal.Kind, _ table: SharedKeyTable<Key>, _ key: Key, label: String)
        -> AuditSignalGroup?
    {
        if let shared = table.shared[key] { return group(kind, shared, recordCount: table.recordCount(key)) }
        guard let entry = table.entries[key] else { return nil }
        return AuditSignalGroup(
            kind: kind, key: label, recordCount: Int(entry.recordCount), records: [entry.firstRecord], userCount: 1,
            users: [users.name(of: entry.firstUser)])
    }

    /// Distinct keys indexed so far: users, transaction ids and payloads (for memory measurements).
    public var distinctKeyCounts: (users: Int, transactions: Int, payloads: Int) {
        (users.count, numericTransactions.entries.count + textTransactions.entries.count, payloads.entries.count)
    }

    private func group<Key>(_ kind: AuditSignal.Kind, _ shared: SharedKeyTable<Key>.SharedKey, recordCount: Int)
        -> AuditSignalGroup
    {
        let limit = AuditSignalGroup.listLimit
        return AuditSignalGroup(
            kind: kind, key: shared.label, recordCount: recordCount, records: Array(shared.firstRecords.prefix(limit)),
            userCount: shared.users.count, users: shared.users.prefix(limit).map { users.name(of: $0) })
    }

    /// The user id a record is indexed under, or nil when it is not indexed at all: no user id, a signature or
    /// chain that did not hold, or an Xcode receipt. The persistent index (``AuditIndex``) takes the same.
    static func indexedUser(of record: AuditRecord) -> String? {
        guard let user = record.userID, record.hasAuthenticSignature, !(record.environment?.isXcode ?? false) else {
            return nil
        }
        return user
    }

    /// A transaction id as indexed: a number when it is one (see ``canonicalNumber(_:)``), else its text.
    enum TransactionKey {
        case number(UInt64, text: String)
        case text(String)

        var text: String {
            switch self {
            case .number(_, let text), .text(let text): text
            }
        }
    }

    /// The distinct transaction and original transaction ids of a record's purchases, family-shared ones left out,
    /// in order of first appearance. Numeric ids (all of Apple's) are told apart as numbers, which hashes far
    /// cheaper than their text on a receipt with hundreds of purchases.
    static func transactionIDs(of record: AuditRecord) -> [TransactionKey] {
        var seenNumbers = Set<UInt64>()
        var seenTexts = Set<ExactString>()
        var ids: [TransactionKey] = []
        for transaction in record.transactions
        where !transaction.isFamilyShared && !(transaction.environment?.isXcode ?? false) {
            for case let id? in [transaction.transactionID, transaction.originalTransactionID] where !id.isEmpty {
                if let number = canonicalNumber(id) {
                    if seenNumbers.insert(number).inserted { ids.append(.number(number, text: id)) }
                } else if seenTexts.insert(ExactString(id)).inserted {
                    ids.append(.text(id))
                }
            }
        }
        return ids
    }

    /// A decimal id of digits only, without leading zeros, that fits 64 bits, as a number: Apple's ids are, and a
    /// number takes a third of the memory of its text. Anything else stays text, so "0123", "+123" and "123"
    /// remain different ids, as their bytes are.
    static func canonicalNumber(_ id: String) -> UInt64? {
        let digits = id.utf8
        guard let first = digits.first, first != UInt8(ascii: "0") || digits.count == 1,
            digits.allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        return UInt64(id)
    }

    private static func limited(_ records: [Int]) -> [Int] { Array(records.prefix(signalRecordLimit)) }

    /// The words of `receipt_shared_between_users`.
    static func payloadDetail(hex: String, otherUsers: Int) -> String {
        "the same signed payload (payload_sha256 \(hex)) is under \(otherUsers) other user id(s)"
    }

    /// The words of `transaction_shared_between_users`: how many ids, the most other users of any, the first five.
    static func transactionDetail(ids: [String], otherUsers: Int) -> String {
        let shown = ids.prefix(5).joined(separator: ", ") + (ids.count > 5 ? ", ..." : "")
        return "\(ids.count) transaction id(s) of this receipt are also under other user ids (up to \(otherUsers) "
            + "other): \(shown)"
    }
}

/// The first 128 bits of a payload's SHA-256: plenty to tell receipts apart (the payloads are Apple-signed, so
/// nobody picks them to collide), in half the memory of the full hash.
struct PayloadKey: Hashable, Sendable {
    let high: UInt64
    let low: UInt64

    init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        var words: [UInt64] = [0, 0]
        for (index, digit) in digits.prefix(32).enumerated() {
            guard let value = hexDigit(digit) else { return nil }
            words[index / 16] = words[index / 16] << 4 | UInt64(value)
        }
        high = words[0]
        low = words[1]
    }

    /// The 16 bytes, high word first: how the persistent index stores the key.
    var bytes: [UInt8] { (0..<16).map { UInt8(truncatingIfNeeded: ($0 < 8 ? high : low) >> (56 - 8 * ($0 % 8))) } }
}
