/// The JSON Lines form of a record (one compact line, sorted keys, through the project's writer) and the way
/// back, so that `summarize` can read audit output written anywhere.
extension AuditRecord {
    public var json: JSONValue {
        var object = JSONObjectBuilder()
        object["record"] = .integer(number)
        object.set("source", source)
        object.set("id", id)
        object.set("user_id", userID)
        object.set("kind", kind)
        object.set("verdict", verdict.rawValue)
        object["failed_checks"] = .array(failedChecks.map(JSONValue.string))
        object.set("receipt_sha256", receiptSHA256)
        object.set("payload_sha256", payloadSHA256)
        object.set("bundle_id", bundleID)
        object.set("environment", environment)
        object.set("receipt_creation_date", creationDate?.rfc3339)
        object["transactions"] = .array(transactions.map(\.json))
        object["signals"] = .array(signals.map(\.json))
        if let error {
            var failure = JSONObjectBuilder()
            failure.set("message", error.message)
            failure.set("offset", number: error.offset.map(Int64.init))
            object["error"] = failure.value
        }
        return object.value
    }

    /// The record as one line of JSON, without the line break.
    public var jsonLine: String { JSONWriter(pretty: false).string(json) }

    /// Reads a record back from its JSON form; throws naming the first key that is missing or of the wrong type.
    public init(json: JSONValue) throws(AuditRecordParseError) {
        guard let object = json.objectValue else { throw AuditRecordParseError("the line is not a JSON object") }
        let reader = JSONFields(object: object, context: "")
        guard let number = try reader.integer("record") else { throw AuditRecordParseError("no \"record\" number") }
        guard let source = try reader.string("source") else { throw AuditRecordParseError("no \"source\"") }
        guard let verdictText = try reader.string("verdict") else { throw AuditRecordParseError("no \"verdict\"") }
        guard let verdict = AuditVerdict(rawValue: verdictText) else {
            throw AuditRecordParseError("unknown verdict '\(verdictText)'")
        }
        self.init(number: number, source: source, verdict: verdict)
        id = try reader.string("id")
        userID = try reader.string("user_id")
        kind = try reader.string("kind")
        failedChecks = try reader.array("failed_checks").enumerated().map { index, item throws(AuditRecordParseError) in
            guard case .string(let text) = item else { throw AuditRecordParseError("failed_checks[\(index)] is not a string") }
            return text
        }
        receiptSHA256 = try reader.string("receipt_sha256")
        payloadSHA256 = try reader.string("payload_sha256")
        bundleID = try reader.string("bundle_id")
        environment = try reader.string("environment")
        creationDate = try reader.date("receipt_creation_date")
        transactions = try reader.array("transactions").enumerated().map { index, item throws(AuditRecordParseError) in
            try AuditTransaction(json: item, context: "transactions[\(index)].")
        }
        signals = try reader.array("signals").enumerated().map { index, item throws(AuditRecordParseError) in
            try AuditSignal(json: item, context: "signals[\(index)].")
        }
        if let failure = object["error"] {
            let fields = JSONFields(object: failure.objectValue ?? [:], context: "error.")
            error = AuditRecordError(message: try fields.string("message") ?? "", offset: try fields.integer("offset"))
        }
    }
}

extension AuditTransaction {
    var json: JSONValue {
        var object = JSONObjectBuilder()
        object.set("transaction_id", transactionID)
        object.set("original_transaction_id", originalTransactionID)
        object.set("product_id", productID)
        object.set("purchase_date", purchaseDate?.rfc3339)
        object.set("expires_date", expiresDate?.rfc3339)
        object.set("cancellation_date", cancellationDate?.rfc3339)
        object.set("in_app_ownership_type", ownershipType)
        return object.value
    }

    init(json: JSONValue, context: String) throws(AuditRecordParseError) {
        guard let object = json.objectValue else { throw AuditRecordParseError("\(context.dropLast()) is not an object") }
        let fields = JSONFields(object: object, context: context)
        self.init(
            transactionID: try fields.string("transaction_id"),
            originalTransactionID: try fields.string("original_transaction_id"),
            productID: try fields.string("product_id"), purchaseDate: try fields.date("purchase_date"),
            expiresDate: try fields.date("expires_date"), cancellationDate: try fields.date("cancellation_date"),
            ownershipType: try fields.string("in_app_ownership_type"))
    }
}

extension AuditSignal {
    var json: JSONValue {
        .object(["id": .string(kind.rawValue), "detail": .string(detail), "records": .array(records.map { .integer($0) })])
    }

    init(json: JSONValue, context: String) throws(AuditRecordParseError) {
        let fields = JSONFields(object: json.objectValue ?? [:], context: context)
        guard let id = try fields.string("id") else { throw AuditRecordParseError("no \"\(context)id\"") }
        guard let kind = Kind(rawValue: id) else { throw AuditRecordParseError("unknown signal '\(id)'") }
        let records = try fields.array("records").enumerated().map { index, item throws(AuditRecordParseError) in
            guard let number = item.int64Value.flatMap(Int.init(exactly:)), case .number = item else {
                throw AuditRecordParseError("\(context)records[\(index)] is not an integer")
            }
            return number
        }
        self.init(kind, try fields.string("detail") ?? "", records: records)
    }
}

/// Why a line of audit output could not be read back.
public struct AuditRecordParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Typed reads of an object's members, with errors that name the key.
private struct JSONFields {
    let object: [String: JSONValue]
    let context: String

    func string(_ key: String) throws(AuditRecordParseError) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw AuditRecordParseError("\"\(context)\(key)\" is not a string")
        }
    }

    func integer(_ key: String) throws(AuditRecordParseError) -> Int? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let literal)?:
            guard let value = Int(literal) else { throw AuditRecordParseError("\"\(context)\(key)\" is not an integer") }
            return value
        default: throw AuditRecordParseError("\"\(context)\(key)\" is not a number")
        }
    }

    func array(_ key: String) throws(AuditRecordParseError) -> [JSONValue] {
        switch object[key] {
        case nil, .null?: return []
        case .array(let items)?: return items
        default: throw AuditRecordParseError("\"\(context)\(key)\" is not an array")
        }
    }

    func date(_ key: String) throws(AuditRecordParseError) -> Timestamp? {
        guard let text = try string(key) else { return nil }
        do {
            return try ReceiptDateParser.parse(text)
        } catch {
            throw AuditRecordParseError("\"\(context)\(key)\" is not an RFC 3339 date: \(error.reason)")
        }
    }
}
