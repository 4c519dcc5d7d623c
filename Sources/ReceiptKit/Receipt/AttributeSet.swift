/// A decoded SET OF ReceiptAttribute: the known fields by type, everything else kept raw.
///
/// The app receipt and each in-app purchase are both such sets; this type decodes either against its field table.
public struct AttributeSet: Sendable {
    /// Every attribute in encoded order (DER sorts SET OF by bytes, so this is not type order).
    public let attributes: [ReceiptAttribute]
    /// Decoded values of the known attributes, by type. Empty optional values (dates, offer ids) are absent here
    /// but still listed in ``attributes``.
    public let fields: [Int64: FieldValue]
    /// Attributes not in the table, or that did not hold what the table expects, or repeated: kept raw.
    public var unknownAttributes: [ReceiptAttribute] { unknownIndices.map { attributes[$0] } }
    /// Positions in ``attributes`` of the unknown ones: indices rather than copies, because hostile receipts
    /// made of tiny unknown attributes would otherwise pay for each twice.
    let unknownIndices: [Int]
    /// Nested sets found under `nestedType` (in-app purchases), in encoded order.
    public let nested: [ReceiptAttribute]
    /// Remarks about odd but readable values ("attribute 12 at offset 80: ...").
    public let warnings: [String]

    /// Decodes `node`, which must be a SET of ReceiptAttribute. `budget` is how many more attributes the
    /// receipt may hold (``Limits/maximumAttributesPerReceipt`` shared by the payload and its purchases).
    init(node: ASN1Node, table: [Int64: ReceiptField], nestedType: Int64?, budget: inout Int) throws(ASN1Error) {
        try node.expect(.set, "SET OF ReceiptAttribute")
        var attributes: [ReceiptAttribute] = []
        var fields: [Int64: FieldValue] = [:]
        var unknown: [Int] = []
        var nested: [ReceiptAttribute] = []
        var warnings: [String] = []
        var children = node.childReader()
        while let child = try children.next() {
            guard attributes.count < Limits.maximumAttributesPerSet else {
                throw .limitExceeded(
                    offset: child.offset, limit: Limits.maximumAttributesPerSet,
                    what: "attributes in the SET at offset \(node.offset)")
            }
            guard budget > 0 else {
                throw .limitExceeded(
                    offset: child.offset, limit: Limits.maximumAttributesPerReceipt, what: "attributes in one receipt")
            }
            budget -= 1
            let attribute = try ReceiptAttribute(node: child)
            attributes.append(attribute)
            if attribute.type == nestedType {
                guard nested.count < Limits.maximumInAppPurchases else {
                    throw .limitExceeded(
                        offset: attribute.offset, limit: Limits.maximumInAppPurchases, what: "in-app purchases in one receipt")
                }
                nested.append(attribute)
                continue
            }
            guard let field = table[attribute.type] else {
                unknown.append(attributes.count - 1)
                continue
            }
            if fields[attribute.type] != nil {
                warnings.append(
                    "attribute \(attribute.type) (\(field.name)) at offset \(attribute.offset) repeats; the first is used, this one is listed under unknown_attributes"
                )
                unknown.append(attributes.count - 1)
                continue
            }
            switch Self.decode(attribute, as: field) {
            case .success(let value):
                fields[attribute.type] = value
            case .failure(let problem):
                warnings.append(
                    "attribute \(attribute.type) (\(field.name)) at offset \(attribute.offset): \(problem.text); listed under unknown_attributes"
                )
                unknown.append(attributes.count - 1)
            }
        }
        self.attributes = attributes
        self.fields = fields
        self.unknownIndices = unknown
        self.nested = nested
        self.warnings = (warnings + Self.unreadableDateWarnings(fields, table: table)).sorted()
    }

    /// One warning per date field whose text is not a date, saying why.
    static func unreadableDateWarnings(_ fields: [Int64: FieldValue], table: [Int64: ReceiptField]) -> [String] {
        var warnings: [String] = []
        for (type, value) in fields {
            if case .date(let raw, nil) = value {
                // Parsed again only to say why: an impossible date (2024-02-31, 23:59:60) reads as unreadable.
                var reason = "not a date"
                do throws(ReceiptDateParser.Failure) { _ = try ReceiptDateParser.parse(raw) } catch { reason = error.reason }
                warnings.append(
                    "attribute \(type) (\(table[type]?.name ?? "")) holds \"\(raw)\", which is not an RFC 3339 date: \(reason); "
                        + "shown as written, without _ms")
            }
        }
        return warnings
    }

    struct Problem: Error { let text: String }

    /// The value the table expects, or why the attribute does not hold it. Empty dates mean "absent".
    static func decode(_ attribute: ReceiptAttribute, as field: ReceiptField) -> Result<FieldValue?, Problem> {
        if field.kind == .bytes { return .success(.bytes(Array(attribute.value))) }
        let inner: ASN1Node
        do {
            inner = try attribute.valueNode.parseContentAsElement()
        } catch {
            return .failure(Problem(text: "value is not one DER element (\(error))"))
        }
        switch field.kind {
        case .string:
            guard let text = inner.stringValue else {
                return .failure(Problem(text: "expected a string, found \(inner.identifier.name)"))
            }
            if text.isEmpty, field.emptyMeansAbsent { return .success(nil) }
            return .success(.string(text))
        case .date:
            guard let text = inner.stringValue else {
                return .failure(Problem(text: "expected a date string, found \(inner.identifier.name)"))
            }
            if text.isEmpty { return .success(nil) }
            do {
                return .success(.date(raw: text, timestamp: try ReceiptDateParser.parse(text)))
            } catch {
                return .success(.date(raw: text, timestamp: nil))
            }
        case .number, .numericString, .flag:
            let number: Int64
            do {
                number = try inner.int64Value()
            } catch {
                return .failure(Problem(text: "\(error)"))
            }
            if field.kind == .flag {
                guard number == 0 || number == 1 else { return .failure(Problem(text: "expected 0 or 1, found \(number)")) }
                return .success(.flag(number == 1))
            }
            return .success(.integer(number))
        case .bytes:
            return .success(.bytes(Array(attribute.value)))
        }
    }
}
