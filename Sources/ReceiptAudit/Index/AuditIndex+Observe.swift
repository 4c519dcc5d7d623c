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
    public func observe(_ record: inout AuditRecord) {
        guard failure == nil, let batch, let user = SignalIndex.indexedUser(of: record) else { return }
        if runStart == nil { runStart = record.number }
        do {
            try observe(&record, user: Array(user.utf8), batch: batch.seq)
        } catch {
            failure = error
        }
    }

    private func observe(_ record: inout AuditRecord, user: [UInt8], batch: Int64) throws(AuditIndexError) {
        let statements = try observing()
        let place = (line: Int64(Self.line(of: record)), record: Int64(record.number))
        if let hex = record.payloadSHA256, let payload = PayloadKey(hex: hex) {
            let key = AuditIndexKey(payload: payload)
            if let earlier = try earliest(statements, key, user, batch: batch) {
                heldEarlier[key] = HeldKey(kind: .receiptSharedBetweenUsers, label: hex)
                let others = try otherUsers(statements, key, user)
                let detail = SignalIndex.payloadDetail(hex: hex, otherUsers: others)
                record.replace(.receiptSharedBetweenUsers, detail: detail, firstSeen: earlier.place)
            }
            try insert(statements, key, user, batch: batch, place: place)
        }
        let ids = SignalIndex.transactionIDs(of: record).map { (text: $0.text, key: AuditIndexKey(transaction: $0.text)) }
        var first: EarlierPlace? = nil
        var shared: [String] = []
        var most = 0
        for id in ids {
            guard let earlier = try earliest(statements, id.key, user, batch: batch) else { continue }
            heldEarlier[id.key] = HeldKey(kind: .transactionSharedBetweenUsers, label: id.text)
            if first.map({ ($0.seq, $0.record) > (earlier.seq, earlier.record) }) ?? true { first = earlier }
        }
        if let first {
            for id in ids {
                let others = try otherUsers(statements, id.key, user)
                guard others > 0 else { continue }
                shared.append(id.text)
                most = max(most, others)
            }
            let detail = SignalIndex.transactionDetail(ids: shared, otherUsers: most)
            record.replace(.transactionSharedBetweenUsers, detail: detail, firstSeen: first.place)
        }
        for id in ids { try insert(statements, id.key, user, batch: batch, place: place) }
    }

    /// Where another user sent `key` first, leaving out the rows this run wrote: in a batch before this one,
    /// else (when there can be such rows) in this batch's earlier run or a later batch.
    func earliest(_ statements: AuditIndexStatements, _ key: AuditIndexKey, _ user: [UInt8]?, batch: Int64)
        throws(AuditIndexError) -> EarlierPlace?
    {
        if hasEarlierBatches, let found = try earliest(statements, key, user, batch: batch, among: 0, batch) {
            return found
        }
        guard hasOtherRuns else { return nil }
        return try earliest(statements, key, user, batch: batch, among: batch, Int64.max)
    }

    /// The same among batches `low..<high`: the first batch with such a row, then its least record.
    private func earliest(
        _ statements: AuditIndexStatements, _ key: AuditIndexKey, _ user: [UInt8]?, batch: Int64,
        among low: Int64, _ high: Int64
    ) throws(AuditIndexError) -> EarlierPlace? {
        let kind = SQLiteValue.integer(key.kind.rawValue)
        let start = SQLiteValue.integer(Int64(runStart ?? 0))
        let first = statements.firstBatch
        let user = user.map(SQLiteValue.blob) ?? .null
        try first.bind(kind, key.value, .integer(low), .integer(high), user, .integer(batch), start)
        guard try first.step() else { return nil }
        let seq = first.integer(0)
        let place = statements.firstPlace
        try place.bind(kind, key.value, .integer(seq), .null, user, .integer(batch), start)
        guard try place.step(), !place.isNull(2) else { return nil }
        let other = String(decoding: place.blob(1), as: UTF8.self)
        return EarlierPlace(
            seq: seq, record: place.integer(2),
            place: AuditFirstSeen(batch: try label(statements, seq), line: Int(place.integer(0)), user: other))
    }

    /// A batch's label, asked of the index once per batch and run.
    private func label(_ statements: AuditIndexStatements, _ seq: Int64) throws(AuditIndexError) -> String {
        if let known = labels[seq] { return known }
        try statements.label.bind(.integer(seq))
        let text = try statements.label.step() ? statements.label.text(0) : ""
        labels[seq] = text
        return text
    }

    func otherUsers(_ statements: AuditIndexStatements, _ key: AuditIndexKey, _ user: [UInt8]?)
        throws(AuditIndexError) -> Int
    {
        try statements.otherUsers.bind(.integer(key.kind.rawValue), key.value, user.map(SQLiteValue.blob) ?? .null)
        guard try statements.otherUsers.step() else { return 0 }
        return Int(statements.otherUsers.integer(0))
    }

    private func insert(
        _ statements: AuditIndexStatements, _ key: AuditIndexKey, _ user: [UInt8], batch: Int64,
        place: (line: Int64, record: Int64)
    ) throws(AuditIndexError) {
        try statements.insert.bind(
            .integer(key.kind.rawValue), key.value, .integer(batch), .blob(user), .integer(place.line),
            .integer(place.record))
        _ = try statements.insert.step()
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
