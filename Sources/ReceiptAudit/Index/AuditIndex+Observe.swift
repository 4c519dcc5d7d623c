import ReceiptKit

extension AuditIndex {
    /// A key of the record that another user sent in an earlier batch (or an earlier run of this one).
    private struct EarlierPlace {
        let seq: Int64
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
        let line = Self.line(of: record)
        if let hex = record.payloadSHA256, let key = PayloadKey(hex: hex)?.bytes {
            if let earlier = try earliest(statements, .payload, key, user, batch: batch) {
                let others = try otherUsers(statements, .payload, key, user)
                let detail = SignalIndex.payloadDetail(hex: hex, otherUsers: others)
                record.replace(.receiptSharedBetweenUsers, detail: detail, firstSeen: earlier.place)
            }
            try statements.insert.bind(
                .integer(KeyKind.payload.rawValue), .blob(key), .blob(user), .integer(batch), .integer(Int64(line)),
                .integer(Int64(record.number)))
            _ = try statements.insert.step()
        }
        let ids = SignalIndex.transactionIDs(of: record).map { Array($0.text.utf8) }
        var first: EarlierPlace? = nil
        for id in ids {
            guard let earlier = try earliest(statements, .transaction, id, user, batch: batch) else { continue }
            if first.map({ ($0.seq, $0.place.line) > (earlier.seq, earlier.place.line) }) ?? true { first = earlier }
        }
        if let first {
            var shared: [String] = []
            var most = 0
            for id in ids {
                let others = try otherUsers(statements, .transaction, id, user)
                guard others > 0 else { continue }
                shared.append(String(decoding: id, as: UTF8.self))
                most = max(most, others)
            }
            let detail = SignalIndex.transactionDetail(ids: shared, otherUsers: most)
            record.replace(.transactionSharedBetweenUsers, detail: detail, firstSeen: first.place)
        }
        for id in ids {
            try statements.insert.bind(
                .integer(KeyKind.transaction.rawValue), .blob(id), .blob(user), .integer(batch), .integer(Int64(line)),
                .integer(Int64(record.number)))
            _ = try statements.insert.step()
        }
    }

    private func earliest(
        _ statements: AuditIndexStatements, _ kind: KeyKind, _ key: [UInt8], _ user: [UInt8], batch: Int64
    ) throws(AuditIndexError) -> EarlierPlace? {
        let query = statements.earliest
        try query.bind(
            .integer(kind.rawValue), .blob(key), .blob(user), .integer(batch), .integer(Int64(runStart ?? 0)))
        guard try query.step() else { return nil }
        let other = String(decoding: query.blob(2), as: UTF8.self)
        return EarlierPlace(
            seq: query.integer(0), place: AuditFirstSeen(batch: query.text(3), line: Int(query.integer(1)), user: other))
    }

    private func otherUsers(_ statements: AuditIndexStatements, _ kind: KeyKind, _ key: [UInt8], _ user: [UInt8])
        throws(AuditIndexError) -> Int
    {
        try statements.otherUsers.bind(.integer(kind.rawValue), .blob(key), .blob(user))
        guard try statements.otherUsers.step() else { return 0 }
        return Int(statements.otherUsers.integer(0))
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
