import ReceiptKit

extension AuditIndex {
    /// This run's sharing groups (`index`'s), with what the index adds for every key of this run that another
    /// user sent outside it: the key is a group even when this run saw it under one user only; its
    /// `userCount` counts the users of every batch (as a record's signal counts other users), `earlierUserCount`
    /// those of earlier batches that this run did not see, and `firstSeen` is where the index first holds it.
    /// Reads only those keys' `shared_keys` rows, after the run.
    ///
    /// - Parameter index: This run's in-memory index, whose groups are the run's own.
    /// - Returns: This run's groups, with the keys the index adds.
    /// - Throws: ``AuditIndexError/failed(path:reason:)`` when the index cannot be read.
    public func groups(merging index: SignalIndex) throws(AuditIndexError) -> [AuditSignalGroup] {
        var groups = index.groups
        guard batch != nil, !heldEarlier.isEmpty else { return groups }
        let statements = try observing()
        var positions: [GroupName: Int] = [:]
        for (position, group) in groups.enumerated() { positions[GroupName(group.kind, group.key)] = position }
        for (key, held) in heldEarlier {
            guard var group = index.group(held.kind, key: held.label) else { continue }
            let state = try keyState(statements, key, nil)
            group.earlierUserCount = max(0, state.users - (group.userCount ?? 0))
            group.userCount = state.users
            group.firstSeen = try earliest(statements, key, state, nil)?.place
            if let position = positions[GroupName(held.kind, held.label)] {
                groups[position] = group
            } else {
                groups.append(group)
            }
        }
        return groups.sorted(by: AuditSignalGroup.precedes)
    }

}

/// A group's signal and key, the key compared as its bytes (look-alike ids are two groups).
private struct GroupName: Hashable {
    let kind: AuditSignal.Kind
    let key: ExactString

    init(_ kind: AuditSignal.Kind, _ key: String) {
        self.kind = kind
        self.key = ExactString(key)
    }
}
