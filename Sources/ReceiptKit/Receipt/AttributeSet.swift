/// A decoded SET OF ReceiptAttribute: the known fields by type, everything else kept raw.
///
/// The app receipt and each in-app purchase are both such sets; this type decodes either against its field table.
/// It stores one ``AttributeRecord`` per attribute over the shared input buffer and makes ``ReceiptAttribute``
/// values, ``FieldValue`` values and their Strings only when asked (README "Decode core").
package struct AttributeSet: Sendable {
    /// The buffer the records point into.
    let storage: ASN1Buffer
    let table: FieldTable
    /// Every attribute in encoded order. At most one record of a type holds a value: a later one of a type that
    /// already has a value is left unknown (with a warning), which lets readers take the first they meet.
    package let records: [AttributeRecord]
    /// Remarks about odd but readable values ("attribute 12 at offset 80: ..."), sorted.
    package let warnings: [String]
    /// Bit (type - ``FieldTable/firstType``) is set when a record of that type holds a value: a lookup of a field
    /// the set does not have (most purchases have no cancellation date) answers without reading every record.
    let valuedTypes: UInt64

    /// The bytes the records' text points into, for readers that scan ``records`` themselves (the audit).
    package var recordBytes: [UInt8] { storage.bytes }

    /// Every attribute in encoded order (DER sorts SET OF by bytes, so this is not type order).
    package var attributes: [ReceiptAttribute] { records.map(attribute) }

    /// How many attributes the set holds, without making them.
    package var attributeCount: Int { records.count }

    /// Decoded values of the known attributes, by type. Empty optional values (dates, offer ids) are absent here
    /// but still listed in ``attributes``. Built on each call: ``value(ofType:)`` reads one without the dictionary.
    package var fields: [Int64: FieldValue] {
        var fields: [Int64: FieldValue] = [:]
        for record in records where record.state.hasValue && fields[record.type] == nil {
            fields[record.type] = record.fieldValue(storage.bytes)
        }
        return fields
    }

    /// The decoded value of the known attribute `type`, what `fields[type]` holds.
    package func value(ofType type: Int64) -> FieldValue? { record(ofType: type)?.fieldValue(storage.bytes) }

    /// Attributes not in the table, or that did not hold what the table expects, or repeated: kept raw.
    package var unknownAttributes: [ReceiptAttribute] { records.filter { $0.state == .unknown }.map(attribute) }

    /// Positions in ``attributes`` of the unknown ones.
    var unknownIndices: [Int] { records.indices.filter { records[$0].state == .unknown } }

    /// Nested sets found under the nested type (in-app purchases), in encoded order.
    package var nested: [ReceiptAttribute] { records.filter { $0.state == .nested }.map(attribute) }

    /// Decodes `node`, which must be a SET of ReceiptAttribute. `budget` is how many more attributes the
    /// receipt may hold (``Limits/maximumAttributesPerReceipt`` shared by the payload and its purchases).
    init(node: ASN1Node, table: FieldTable, nestedType: Int64?, budget: inout Int) throws(ASN1Error) {
        self = try node.storage.withSpanReader { reader throws(ASN1Error) in
            try AttributeSet(span: ASN1Span(node), reader: reader, table: table, nestedType: nestedType, budget: &budget)
        }
    }

    /// Decodes the SET at `set` with `reader`, which holds the buffer's bytes for the whole walk.
    init(span set: ASN1Span, reader: ASN1SpanReader, table: FieldTable, nestedType: Int64?, budget: inout Int)
        throws(ASN1Error)
    {
        try set.expect(.set, "SET OF ReceiptAttribute")
        let shapesByType = table.shapesByType
        let firstType = table.firstType
        var records: [AttributeRecord] = []
        var warnings: [String] = []
        // Bit (type - firstType) is set once that field has a value: a later one of the type is a repeat.
        var decoded: UInt64 = 0
        var nestedCount = 0
        var sawUnreadableDate = false
        var children = ASN1SpanReader.Children(set)
        records.reserveCapacity(Self.plainChildCount(set, reader.bytes))
        while let child = try children.next(reader) {
            try Self.admit(child, in: set, count: records.count, budget: &budget)
            var record: AttributeRecord
            if let plain = Self.shortFormAttribute(child, reader.bytes) {
                record = plain
            } else {
                record = try Self.readAttribute(child, reader)
            }
            defer { records.append(record) }
            if record.type == nestedType {
                guard nestedCount < Limits.maximumInAppPurchases else {
                    throw .limitExceeded(
                        offset: record.offset, limit: Limits.maximumInAppPurchases, what: "in-app purchases in one receipt")
                }
                nestedCount += 1
                record.state = .nested
                continue
            }
            guard record.type >= firstType, record.type - firstType < Int64(shapesByType.count),
                let shape = shapesByType[Int(record.type - firstType)]
            else { continue }
            let bit: UInt64 = 1 << UInt64(record.type - firstType)
            if decoded & bit != 0 {
                warnings.append(
                    "attribute \(record.type) (\(table.name(record.type))) at offset \(record.offset) repeats; the first is used, this one is listed under unknown_attributes"
                )
                continue
            }
            if let problem = Self.decode(&record, as: shape, reader) {
                warnings.append(
                    "attribute \(record.type) (\(table.name(record.type))) at offset \(record.offset): \(problem.text); listed under unknown_attributes"
                )
                continue
            }
            if record.state.hasValue { decoded |= bit }
            if record.state == .unreadableDate { sawUnreadableDate = true }
        }
        // A second pass only when the loop saw an unreadable date: it copies every record to look at its state.
        if sawUnreadableDate { warnings += Self.unreadableDateWarnings(records, reader.bytes, table: table) }
        storage = reader.storage
        self.table = table
        self.records = records
        valuedTypes = decoded
        self.warnings = warnings.count > 1 ? warnings.sorted() : warnings
    }

    /// How many elements the SET holds as far as plain DER headers tell (one more where they stop telling), at
    /// most ``Limits/maximumAttributesPerSet``: the records array is allocated once at its size rather than
    /// grown by doubling. Only a capacity: the loop reads and checks every element itself.
    static func plainChildCount(_ set: ASN1Span, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var cursor = set.contentStart
        while cursor < set.contentEnd, count < Limits.maximumAttributesPerSet {
            count += 1
            guard let header = DERHeader.read(bytes, at: cursor, limit: set.contentEnd) else { break }
            cursor += header.length + header.contentLength
        }
        return count
    }

    /// Takes one attribute from `budget`, or refuses `child` as one past a limit: the set's own
    /// (``Limits/maximumAttributesPerSet``, `count` read so far) or the receipt's.
    @inline(__always)
    static func admit(_ child: ASN1Span, in set: ASN1Span, count: Int, budget: inout Int) throws(ASN1Error) {
        guard count < Limits.maximumAttributesPerSet else {
            throw .limitExceeded(
                offset: child.offset, limit: Limits.maximumAttributesPerSet, what: "attributes in the SET at offset \(set.offset)"
            )
        }
        guard budget > 0 else {
            throw .limitExceeded(
                offset: child.offset, limit: Limits.maximumAttributesPerReceipt, what: "attributes in one receipt")
        }
        budget -= 1
    }

    /// Reads a `ReceiptAttribute ::= SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING }`: exactly those
    /// three, the value a primitive OCTET STRING.
    @inline(__always)
    static func readAttribute(_ node: ASN1Span, _ reader: ASN1SpanReader) throws(ASN1Error) -> AttributeRecord {
        if let record = plainAttribute(node, reader.bytes) { return record }
        try node.expect(.sequence, "ReceiptAttribute")
        var parts = ASN1SpanReader.Children(node)
        let type = try reader.int64Value(parts.next(reader, expecting: "attribute type"))
        let version = try reader.int64Value(parts.next(reader, expecting: "attribute version"))
        let value = try parts.next(reader, expecting: "attribute value")
        try value.expect(.octetString, "attribute value")
        guard try parts.next(reader) == nil else {
            throw .invalidContent(offset: node.offset, reason: "ReceiptAttribute has more than type, version and value")
        }
        return AttributeRecord(type: type, version: version, offset: node.offset, value: value)
    }

    /// The attribute at `node` when every part of it is plain DER that ``DERHeader`` reads (SEQUENCE, two
    /// INTEGERs of 1 to 8 octets, a primitive OCTET STRING that ends the SEQUENCE), read straight from the
    /// bytes; nil for anything else, which ``readAttribute(_:_:)`` then reads part by part with its errors.
    /// Comparing identifier octets is comparing identifiers here: a tag number below 31 is all in the octet.
    @inline(__always)
    static func plainAttribute(_ node: ASN1Span, _ bytes: UnsafeBufferPointer<UInt8>) -> AttributeRecord? {
        let end = node.contentEnd
        guard bytes[node.offset] == 0x30, node.depth < Limits.maximumASN1Depth,
            let typeHeader = DERHeader.read(bytes, at: node.contentStart, limit: end), typeHeader.identifierOctet == 0x02
        else { return nil }
        let typeStart = node.contentStart + typeHeader.length
        let versionOffset = typeStart + typeHeader.contentLength
        guard let versionHeader = DERHeader.read(bytes, at: versionOffset, limit: end),
            versionHeader.identifierOctet == 0x02
        else { return nil }
        let versionStart = versionOffset + versionHeader.length
        let valueOffset = versionStart + versionHeader.contentLength
        guard let valueHeader = DERHeader.read(bytes, at: valueOffset, limit: end), valueHeader.identifierOctet == 0x04,
            valueOffset + valueHeader.length + valueHeader.contentLength == end,
            let type = plainInteger(bytes, from: typeStart, count: typeHeader.contentLength),
            let version = plainInteger(bytes, from: versionStart, count: versionHeader.contentLength)
        else { return nil }
        return AttributeRecord(
            type: type, version: version, offset: node.offset, valueOffset: valueOffset,
            valueStart: valueOffset + valueHeader.length, valueEnd: end, valueDepth: node.depth + 1)
    }

    /// The attribute at `node` when it is what App Store receipts hold: a SEQUENCE of INTEGER, INTEGER and a
    /// primitive OCTET STRING, each with its length in one octet. Read in one pass, inline in the loop, with no
    /// ``DERHeader`` per part; it answers what ``plainAttribute(_:_:)`` answers for such an attribute (the same
    /// headers, the same integers) and nil for anything else, which goes to that reader and then part by part.
    /// `node` is inside `bytes` (its header was read from them), so every index below `contentEnd` is too.
    @inline(__always)
    static func shortFormAttribute(_ node: ASN1Span, _ bytes: UnsafeBufferPointer<UInt8>) -> AttributeRecord? {
        let start = node.contentStart
        let end = node.contentEnd
        // Eight header octets at least: 02 len, 02 len, 04 len and one octet for each integer.
        guard bytes[node.offset] == 0x30, node.depth < Limits.maximumASN1Depth, end - start >= 8,
            bytes[start] == 0x02
        else { return nil }
        let typeCount = Int(bytes[start + 1])
        guard typeCount >= 1, typeCount <= 8, end - start - 6 >= typeCount else { return nil }
        let versionOffset = start + 2 + typeCount
        let versionCount = Int(bytes[versionOffset + 1])
        guard bytes[versionOffset] == 0x02, versionCount >= 1, versionCount <= 8,
            end - versionOffset - 4 >= versionCount
        else { return nil }
        let valueOffset = versionOffset + 2 + versionCount
        let valueCount = bytes[valueOffset + 1]
        guard bytes[valueOffset] == 0x04, valueCount < 0x80, Int(valueCount) == end - valueOffset - 2 else { return nil }
        var type: Int64 = bytes[start + 2] & 0x80 != 0 ? -1 : 0
        for index in (start + 2)..<versionOffset { type = type << 8 | Int64(bytes[index]) }
        var version: Int64 = bytes[versionOffset + 2] & 0x80 != 0 ? -1 : 0
        for index in (versionOffset + 2)..<valueOffset { version = version << 8 | Int64(bytes[index]) }
        return AttributeRecord(
            type: type, version: version, offset: node.offset, valueOffset: valueOffset, valueStart: valueOffset + 2,
            valueEnd: end, valueDepth: node.depth + 1)
    }

    /// The two's complement value of `count` content octets (1 to 8), else nil.
    @inline(__always)
    static func plainInteger(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> Int64? {
        guard count >= 1, count <= 8 else { return nil }
        var value: Int64 = bytes[start] & 0x80 != 0 ? -1 : 0
        for index in start..<(start + count) { value = (value << 8) | Int64(bytes[index]) }
        return value
    }

    /// The first attribute of `type` that holds a decoded value. Only known types hold one, and
    /// ``valuedTypes`` says which of them do.
    func record(ofType type: Int64) -> AttributeRecord? {
        let index = type &- table.firstType
        guard index >= 0, index < 64, valuedTypes & (1 << UInt64(index)) != 0 else { return nil }
        for record in records where record.type == type && record.state.hasValue { return record }
        return nil
    }

    /// The first attribute of `type` in any state (what the device hash covers for the bundle id).
    func firstRecord(ofType type: Int64) -> AttributeRecord? {
        for record in records where record.type == type { return record }
        return nil
    }

    func attribute(_ record: AttributeRecord) -> ReceiptAttribute {
        ReceiptAttribute(
            type: record.type, version: record.version, offset: record.offset, valueNode: record.value.node(in: storage))
    }

    /// The warnings for the date fields whose text is not a date, in encoded order.
    static func unreadableDateWarnings(_ records: [AttributeRecord], _ bytes: UnsafeBufferPointer<UInt8>, table: FieldTable)
        -> [String]
    {
        records.filter { $0.state == .unreadableDate }.map { unreadableDateWarning($0, bytes, table: table) }
    }

    /// The warning for a date field whose text is not a date, saying why.
    static func unreadableDateWarning(_ record: AttributeRecord, _ bytes: UnsafeBufferPointer<UInt8>, table: FieldTable)
        -> String
    {
        let raw = String(decoding: bytes[record.innerStart..<record.innerEnd], as: UTF8.self)
        // Parsed again only to say why: an impossible date (2024-02-31, 23:59:60) reads as unreadable.
        var reason = "not a date"
        do throws(ReceiptDateParser.Failure) { _ = try ReceiptDateParser.parse(raw) } catch { reason = error.reason }
        return
            "attribute \(record.type) (\(table.name(record.type))) holds \"\(raw)\", which is not an RFC 3339 date: \(reason); "
            + "shown as written, without _ms"
    }

    struct Problem: Error { let text: String }

    /// Decodes the value of `record` as `field` expects into its state (empty dates and optional strings mean
    /// "absent"), or says why it does not hold that; the record is left unknown then.
    @inline(__always)
    static func decode(_ record: inout AttributeRecord, as field: FieldShape, _ reader: ASN1SpanReader) -> Problem? {
        if field.kind == .bytes {
            record.state = .bytes
            return nil
        }
        let inner: ASN1Span
        // The value octets as one element: plain DER filling them exactly is read here, the rest by the reader.
        if let header = DERHeader.read(reader.bytes, at: record.valueStart, limit: record.valueEnd),
            record.valueStart + header.length + header.contentLength == record.valueEnd
        {
            inner = ASN1Span(header: header, at: record.valueStart, depth: 0)
        } else {
            do {
                inner = try reader.innerElement(of: record.value)
            } catch {
                return Problem(text: "value is not one DER element (\(error))")
            }
        }
        switch field.kind {
        case .string, .date:
            guard reader.isUTF8String(inner) else {
                return Problem(
                    text: "expected \(field.kind == .date ? "a date string" : "a string"), found \(inner.identifier.name)")
            }
            record.innerStart = inner.contentStart
            record.innerEnd = inner.contentEnd
            if inner.contentStart == inner.contentEnd, field.emptyMeansAbsent {
                record.state = .absent
            } else if field.kind == .string {
                record.state = .string
            } else if let timestamp = ReceiptDateParser.timestamp(
                utf8: UnsafeBufferPointer(rebasing: reader.bytes[inner.contentRange]))
            {
                record.state = .date
                record.number = timestamp.milliseconds
            } else {
                record.state = .unreadableDate
            }
            return nil
        case .number, .numericString, .flag:
            let number: Int64
            do {
                number = try reader.int64Value(inner)
            } catch {
                return Problem(text: "\(error)")
            }
            if field.kind == .flag {
                guard number == 0 || number == 1 else { return Problem(text: "expected 0 or 1, found \(number)") }
                record.state = .flag
            } else {
                record.state = .integer
            }
            record.number = number
            return nil
        case .bytes:
            record.state = .bytes
            return nil
        }
    }

    /// The value the table expects in `attribute`, or why the attribute does not hold it. Empty dates mean "absent".
    static func decode(_ attribute: ReceiptAttribute, as field: ReceiptField) -> Result<FieldValue?, Problem> {
        let node = attribute.valueNode
        let bytes = node.storage.bytes
        var record = AttributeRecord(
            type: attribute.type, version: attribute.version, offset: attribute.offset, value: ASN1Span(node))
        let problem = bytes.withUnsafeBufferPointer { pointer in
            decode(&record, as: FieldShape(field), ASN1SpanReader(storage: node.storage, bytes: pointer))
        }
        if let problem { return .failure(problem) }
        return .success(record.fieldValue(bytes))
    }
}
