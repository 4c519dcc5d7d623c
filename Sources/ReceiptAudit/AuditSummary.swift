package import ReceiptKit

/// What a batch adds up to: counts of verdicts, kinds, failed checks, signals, environments and bundle ids, and
/// the signal groups. Built record by record in input order, so one run and a `summarize` over its shards give
/// the same value.
public struct AuditSummary: Sendable, Equatable {
    package static let formatVersion = 1

    /// Records counted, malformed ones included.
    public private(set) var records = 0
    /// Records that are not valid or carry a signal.
    public private(set) var problemRecords = 0
    /// Records per verdict, keyed by the verdict's output word (`valid`, `unverifiable_here`).
    public private(set) var verdicts: [String: Int] = [:]
    /// Records per input kind, keyed by the kind's output name (`app_receipt`, `storekit2_jws`).
    public private(set) var kinds: [String: Int] = [:]
    /// Records that failed each check at least once, keyed by check id (`chain.anchor`).
    public private(set) var failedChecks: [String: Int] = [:]
    /// Records carrying each signal.
    public private(set) var signals: [String: Int] = [:]
    /// Keyed by the values' bytes: look-alike bundle ids or environments are counted apart.
    package private(set) var environments: [ExactString: Int] = [:]
    package private(set) var bundleIDs: [ExactString: Int] = [:]
    /// What made the input less than trustworthy as a whole (shard lines that are not records, gaps in record
    /// numbers), the first ``warningLimit`` of them; ``warningCount`` counts all.
    public private(set) var warnings: [String] = []
    /// Every warning noted, including those past the listed ones.
    public private(set) var warningCount = 0
    package static let warningLimit = 20
    /// Groups of the signals a record raises on its own, by signal and key.
    private var ownGroups: [GroupKey: AuditSignalGroup] = [:]
    /// Groups of the cross-record signals, from the signal index at the end.
    public private(set) var sharedGroups: [AuditSignalGroup] = []

    private struct GroupKey: Hashable, Sendable {
        let kind: AuditSignal.Kind
        let key: ExactString
    }

    package init() {}

    /// Counts one record, after the signal index has added its cross-record signals.
    package mutating func add(_ record: AuditRecord) {
        records += 1
        if record.isProblem { problemRecords += 1 }
        verdicts[record.verdict.rawValue, default: 0] += 1
        if let kind = record.kind { kinds[kind.name, default: 0] += 1 }
        for check in Set(record.failedChecks) { failedChecks[check.rawValue, default: 0] += 1 }
        if let environment = record.environment { environments[ExactString(environment.rawValue), default: 0] += 1 }
        if let bundle = record.bundleID { bundleIDs[ExactString(bundle), default: 0] += 1 }
        for kind in Set(record.signals.map(\.kind)) {
            signals[kind.rawValue, default: 0] += 1
            guard !kind.isCrossRecord else { continue }
            let key = GroupKey(kind: kind, key: ExactString(Self.groupKey(kind, record)))
            var group =
                ownGroups[key]
                ?? AuditSignalGroup(kind: kind, key: key.key.text, recordCount: 0, records: [], userCount: nil, users: nil)
            group.recordCount += 1
            if group.records.count < AuditSignalGroup.listLimit { group.records.append(record.number) }
            ownGroups[key] = group
        }
    }

    /// Notes a warning; past ``warningLimit`` only the count grows. A warning makes the summary not clean.
    package mutating func warn(_ warning: String) {
        warningCount += 1
        if warnings.count < Self.warningLimit { warnings.append(warning) }
    }

    /// Takes the cross-record groups from the index that saw the same records.
    package mutating func finish(with index: SignalIndex) {
        sharedGroups = index.groups
    }

    /// Takes these cross-record groups (the index's, with those of earlier batches merged in: ``AuditIndex``).
    mutating func finish(withShared groups: [AuditSignalGroup]) {
        sharedGroups = groups
    }

    /// Every group, ordered by signal, then first record.
    public var groups: [AuditSignalGroup] {
        (Array(ownGroups.values) + sharedGroups).sorted(by: AuditSignalGroup.precedes)
    }

    /// True when every record is valid and no signal was raised: the audit's exit status 0.
    public var isClean: Bool { problemRecords == 0 && warningCount == 0 }

    /// What a group of a record's own signal is about: the value that was refused, or the user.
    private static func groupKey(_ kind: AuditSignal.Kind, _ record: AuditRecord) -> String {
        switch kind {
        case .bundleIDNotAllowed: return record.bundleID ?? "(absent)"
        case .environmentNotAllowed: return record.environment?.rawValue ?? "(absent)"
        case .deviceMismatch, .creationDateInFuture, .receiptSharedBetweenUsers, .transactionSharedBetweenUsers:
            return record.userID ?? "(no user id)"
        }
    }
}
