/// Typed reads of one known field that make nothing they are not asked for: no dictionary, and a String only
/// for a string field. Each answers what `fields[type]?.string` (and so on) answers.
extension AttributeSet {
    package func string(ofType type: Int64) -> String? {
        guard let record = record(ofType: type), record.state == .string else { return nil }
        return String(decoding: storage.bytes[record.innerStart..<record.innerEnd], as: UTF8.self)
    }

    package func integer(ofType type: Int64) -> Int64? {
        guard let record = record(ofType: type), record.state == .integer else { return nil }
        return record.number
    }

    package func flag(ofType type: Int64) -> Bool? {
        guard let record = record(ofType: type), record.state == .flag else { return nil }
        return record.number == 1
    }

    /// The instant of a date field; nil when absent, empty or not a date.
    package func timestamp(ofType type: Int64) -> Timestamp? {
        guard let record = record(ofType: type), record.state == .date else { return nil }
        return Timestamp(milliseconds: record.number)
    }

    /// The instants of three date fields in one pass over the records: what three ``timestamp(ofType:)`` calls
    /// answer, since a set holds at most one valued record per type.
    func timestamps(ofTypes first: Int64, _ second: Int64, _ third: Int64) -> (Timestamp?, Timestamp?, Timestamp?) {
        var found: (Timestamp?, Timestamp?, Timestamp?) = (nil, nil, nil)
        for record in records where record.state == .date {
            if record.type == first { found.0 = Timestamp(milliseconds: record.number) }
            if record.type == second { found.1 = Timestamp(milliseconds: record.number) }
            if record.type == third { found.2 = Timestamp(milliseconds: record.number) }
        }
        return found
    }

    package func bytes(ofType type: Int64) -> [UInt8]? {
        guard let record = record(ofType: type), record.state == .bytes else { return nil }
        return Array(storage.bytes[record.valueStart..<record.valueEnd])
    }

    /// Calls `body` with each known field that has a value, in encoded order: `fields` without the dictionary.
    package func forEachField(_ body: (ReceiptField, FieldValue) throws -> Void) rethrows {
        let fieldsByType = table.fieldsByType
        let bytes = storage.bytes
        for record in records where record.state.hasValue {
            let index = record.type - table.firstType
            guard let field = fieldsByType[Int(index)], let value = record.fieldValue(bytes) else { continue }
            try body(field, value)
        }
    }
}
