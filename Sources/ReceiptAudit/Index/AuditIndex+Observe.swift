import ReceiptKit

extension AuditIndex {
    /// A key of the record that another user sent in an earlier batch (or an earlier run of this one).
    struct EarlierPlace {
        let seq: Int64
        let record: Int64
        let place: AuditFirstSeen
    }

    /// Looks the record's keys up, writes its rows, and raises the cross-record signals against earlier batches:
    /// a key first sent under another user there makes the record carry the signal with `first_seen`, its count
    /// of other users taking in every batch. Call it in input order after ``SignalIndex/observe(_:)``; a record
    /// whose keys no earlier batch knows keeps the signals that index gave it, byte for byte.
    ///
    /// - Parameter record: The audited record; its signals gain what earlier batches show. A failure of the
    ///   index is not thrown here but kept: the next ``commit(records:outputBytes:)`` or
    ///   ``finish(records:outputBytes:)`` throws it, so the chunk holding this record is never committed.
    public func observe(_ record: inout AuditRecord) {
        guard failure == nil, let batch, let user = SignalIndex.indexedUser(of: record) else { return }
        if runStart == nil { runStart = record.number }
        do {
            try observe(&record, user: Array(user.utf8), batch: batch.seq)
            if keyStates.count >= keyStateLimit { try writeKeyStates() }
        } catch {
            failure = error
        }
    }

    private func observe(_ record: inout AuditRecord, user: [UInt8], batch: Int64) throws(AuditIndexError) {
        let statements = try observing()
        let place = AuditKeyState.Place(
            batch: batch, record: Int64(record.number), line: Int64(Self.line(of: record)), user: user)
        if let hex = record.payloadSHA256, let payload = PayloadKey(hex: hex) {
            let key = AuditIndexKey(payload: payload)
            let state = try keyState(statements, key, user)
            if let earlier = try earliest(statements, key, state, user) {
                heldEarlier[key] = HeldKey(kind: .receiptSharedBetweenUsers, label: hex)
                let detail = SignalIndex.payloadDetail(hex: hex, otherUsers: state.otherUsers(than: user))
                record.replace(.receiptSharedBetweenUsers, detail: detail, firstSeen: earlier.place)
            }
            try insert(statements, key, state, place)
        }
        var ids: [(text: String, key: AuditIndexKey, state: AuditKeyState)] = []
        for id in SignalIndex.transactionIDs(of: record) {
            let key = AuditIndexKey(transaction: id.text)
            ids.append((id.text, key, try keyState(statements, key, user)))
        }
        var first: EarlierPlace? = nil
        for id in ids {
            guard let earlier = try earliest(statements, id.key, id.state, user) else { continue }
            heldEarlier[id.key] = HeldKey(kind: .transactionSharedBetweenUsers, label: id.text)
            if first.map({ ($0.seq, $0.record) > (earlier.seq, earlier.record) }) ?? true { first = earlier }
        }
        if let first {
            let shared = ids.filter { $0.state.otherUsers(than: user) > 0 }
            let most = shared.map { $0.state.otherUsers(than: user) }.max() ?? 0
            let detail = SignalIndex.transactionDetail(ids: shared.map(\.text), otherUsers: most)
            record.replace(.transactionSharedBetweenUsers, detail: detail, firstSeen: first.place)
        }
        for id in ids { try insert(statements, id.key, id.state, place) }
    }

    /// What the index holds of `key` before this record's rows, with whether `user` sent it (nil: nobody asks).
    func keyState(_ statements: AuditIndexStatements, _ key: AuditIndexKey, _ user: [UInt8]?)
        throws(AuditIndexError) -> AuditKeyState
    {
        var state = try keptState(statements, key)
        if state.users > 1, let user {
            try statements.sentBy.bind(.integer(key.kind.rawValue), key.value, .blob(user))
            state.userSent = try statements.sentBy.step()
        } else {
            state.userSent = state.users == 1 && state.first?.user == user
        }
        return state
    }

    /// The key's count and first places: as this run left them, else its `shared_keys` row, else the one user's
    /// first row (a key of one user has no such row).
    private func keptState(_ statements: AuditIndexStatements, _ key: AuditIndexKey) throws(AuditIndexError)
        -> AuditKeyState
    {
        if let kept = keyStates[key] { return kept.state }
        let kind = SQLiteValue.integer(key.kind.rawValue)
        let shared = statements.sharedKey
        try shared.bind(kind, key.value)
        let state: AuditKeyState
        if try shared.step() {
            state = AuditKeyState(
                users: Int(shared.integer(0)), first: shared.place(at: 1), second: shared.place(at: 5), userSent: false)
        } else {
            try statements.firstRow.bind(kind, key.value)
            let only = try statements.firstRow.step() ? statements.firstRow.place(at: 0) : nil
            state = only.map { AuditKeyState(users: 1, first: $0, second: nil, userSent: false) } ?? .unknown
        }
        // Only shared keys are kept: a key of one user reads as itself from `sends`, so holding it would only cost.
        if batch != nil, state.users > 1 { keyStates[key] = KeptState(state: state, dirty: false) }
        return state
    }

    /// Writes the `shared_keys` rows this run changed and forgets the kept states (before a commit, or when
    /// ``keyStateLimit`` keys are held).
    func writeKeyStates() throws(AuditIndexError) {
        guard !keyStates.isEmpty else { return }
        let save = try observing().saveShared
        for (key, kept) in keyStates where kept.dirty {
            try save.bind(
                [.integer(key.kind.rawValue), key.value, .integer(Int64(kept.state.users))]
                    + AuditKeyState.Place.values(kept.state.first) + AuditKeyState.Place.values(kept.state.second))
            _ = try save.step()
        }
        keyStates.removeAll(keepingCapacity: true)
    }

    /// Where another user (than `user`; nil: any) sent `key` first, leaving out the rows this run wrote: in a
    /// batch before this one, else (when there can be such rows) in this batch's earlier run or a later batch.
    /// The rows before this run's in the index's order (batch, record) are those of earlier batches and then of
    /// this batch's earlier run, so the key's least place under another user is the answer when it lies among
    /// them; only rows of later batches (a resumed batch that is not the last) need a look of their own.
    func earliest(
        _ statements: AuditIndexStatements, _ key: AuditIndexKey, _ state: AuditKeyState, _ user: [UInt8]?
    ) throws(AuditIndexError) -> EarlierPlace? {
        guard let batch else { return nil }
        let candidate = state.firstPlace(notUnder: user)
        let runStart = Int64(self.runStart ?? 0)
        if let candidate, candidate.batch < batch.seq { return try earlier(statements, candidate) }
        guard hasOtherRuns else { return nil }
        if let candidate, candidate.batch > batch.seq || candidate.record < runStart {
            return try earlier(statements, candidate)
        }
        guard hasLaterBatches, candidate != nil else { return nil }
        let later = statements.laterPlace
        try later.bind(.integer(key.kind.rawValue), key.value, user.map(SQLiteValue.blob) ?? .null, .integer(batch.seq))
        guard try later.step(), let found = later.place(at: 0) else { return nil }
        return try earlier(statements, found)
    }

    private func earlier(_ statements: AuditIndexStatements, _ place: AuditKeyState.Place)
        throws(AuditIndexError) -> EarlierPlace
    {
        let other = String(decoding: place.user, as: UTF8.self)
        return EarlierPlace(
            seq: place.batch, record: place.record,
            place: AuditFirstSeen(batch: try label(statements, place.batch), line: Int(place.line), user: other))
    }

    /// A batch's label, asked of the index once per batch and run.
    private func label(_ statements: AuditIndexStatements, _ seq: Int64) throws(AuditIndexError) -> String {
        if let known = labels[seq] { return known }
        try statements.label.bind(.integer(seq))
        let text = try statements.label.step() ? statements.label.text(0) : ""
        labels[seq] = text
        return text
    }

    /// Writes the key's row for this user and batch unless the user sent it in this batch before, and keeps
    /// the key's state: a `shared_keys` row to write once a second user sends it, changed by later first sends.
    private func insert(
        _ statements: AuditIndexStatements, _ key: AuditIndexKey, _ state: AuditKeyState, _ place: AuditKeyState.Place
    ) throws(AuditIndexError) {
        try statements.insert.bind(
            .integer(key.kind.rawValue), key.value, .integer(place.batch), .blob(place.user), .integer(place.line),
            .integer(place.record))
        _ = try statements.insert.step()
        guard statements.insert.changes == 1 else { return }
        let next = state.adding(place)
        let changed = next.users != state.users || next.first != state.first || next.second != state.second
        guard next.users > 1 else { return }
        keyStates[key] = KeptState(state: next, dirty: changed || (keyStates[key]?.dirty ?? false))
    }

    /// The record's line in its records file (the `:N` its source ends with), else its record number.
    static func line(of record: AuditRecord) -> Int {
        let source = record.source.utf8
        guard let colon = source.lastIndex(of: UInt8(ascii: ":")) else { return record.number }
        let digits = source[source.index(after: colon)...]
        guard !digits.isEmpty, digits.count < 19, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return record.number
        }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}

extension AuditRecord {
    /// Puts a cross-record signal raised against the index in place of the one of the same kind (keeping that
    /// one's records of this batch), in the order a record lists its signals.
    fileprivate mutating func replace(_ kind: AuditSignal.Kind, detail: String, firstSeen: AuditFirstSeen) {
        let records = signals.first { $0.kind == kind }?.records ?? []
        signals.removeAll { $0.kind == kind }
        signals.append(AuditSignal(kind, detail, records: records, firstSeen: firstSeen))
        signals.sort { $0.kind < $1.kind }
    }
}
