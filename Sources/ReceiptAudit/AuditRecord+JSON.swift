public import ReceiptKit

/// The JSON Lines form of a record (one compact line, sorted keys, written by ``JSONOutput``) and the way
/// back, so that `summarize` can read audit output written anywhere.
extension AuditRecord {
    /// The record as one JSON object (compact for a JSON Lines line), keys in sorted order as written.
    ///
    /// - Parameter output: Where the object is appended; a non-pretty output gives one line.
    public func write(to output: inout JSONOutput) {
        output.beginObject(keysInOrder: true)
        output.member("bundle_id", bundleID)
        output.member("environment", environment?.rawValue)
        if let error {
            output.key("error")
            output.beginObject(keysInOrder: true)
            output.member("message", error.message)
            output.member("offset", integer: error.offset)
            output.endObject()
        }
        output.member("failed_checks", strings: failedChecks.map(\.rawValue))
        output.member("id", id)
        output.member("kind", kind?.name)
        output.member("payload_sha256", payloadSHA256)
        output.member("receipt_creation_date", rfc3339: creationDate)
        output.member("receipt_sha256", receiptSHA256)
        output.key("record")
        output.integer(number)
        output.key("signals")
        output.beginArray()
        for signal in signals { signal.write(to: &output) }
        output.endArray()
        output.key("source")
        output.string(source)
        output.key("transactions")
        output.beginArray()
        for transaction in transactions { transaction.write(to: &output) }
        output.endArray()
        if !unsignedClaims.isEmpty {
            output.key("unsigned_claims")
            output.beginObject()
            for (key, value) in unsignedClaims {
                output.dynamicKey(key)
                output.string(value)
            }
            output.endObject()
        }
        output.member("user_id", userID)
        output.key("verdict")
        output.string(verdict.rawValue)
        if !warnings.isEmpty { output.member("warnings", strings: warnings) }
        output.endObject()
    }

    /// The record as one line of JSON, without the line break (batch output writes ``write(to:)`` into one
    /// reused buffer instead).
    public var jsonLine: String {
        var output = JSONOutput(pretty: false, capacity: 1024)
        write(to: &output)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// Reads a record back from its JSON form; throws naming the first key that is missing or of the wrong type.
    package init(json: JSONValue) throws(AuditRecordParseError) {
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
        if let name = try reader.string("kind") {
            // A kind decides which checks a record had; one this version does not write is refused, as a verdict is.
            guard let known = InputKind(name: name) else { throw AuditRecordParseError("unknown kind '\(name)'") }
            kind = known
        }
        failedChecks = try reader.strings("failed_checks").map(AuditCheckID.init(rawValue:))
        receiptSHA256 = try reader.string("receipt_sha256")
        payloadSHA256 = try reader.string("payload_sha256")
        bundleID = try reader.string("bundle_id")
        environment = try reader.string("environment").map(InputEnvironment.init(rawValue:))
        creationDate = try reader.date("receipt_creation_date")
        transactions = try reader.array("transactions").enumerated().map { index, item throws(AuditRecordParseError) in
            try AuditTransaction(json: item, context: "transactions[\(index)].")
        }
        signals = try reader.array("signals").enumerated().map { index, item throws(AuditRecordParseError) in
            try AuditSignal(json: item, context: "signals[\(index)].")
        }
        warnings = try reader.strings("warnings")
        for (key, value) in try reader.object("unsigned_claims") {
            guard case .string(let text) = value else {
                throw AuditRecordParseError("\"unsigned_claims.\(key)\" is not a string")
            }
            unsignedClaims[key] = text
        }
        if let failure = object["error"] {
            let fields = JSONFields(object: failure.objectValue ?? [:], context: "error.")
            error = AuditRecordError(message: try fields.string("message") ?? "", offset: try fields.integer("offset"))
        }
    }
}

extension AuditTransaction {
    func write(to output: inout JSONOutput) {
        output.beginObject(keysInOrder: true)
        output.member("bundle_id", bundleID)
        output.member("cancellation_date", rfc3339: cancellationDate)
        output.member("environment", environment?.rawValue)
        output.member("expires_date", rfc3339: expiresDate)
        output.member("in_app_ownership_type", ownershipType?.rawValue)
        Self.write("is_in_intro_offer_period", isInIntroOfferPeriod, to: &output)
        Self.write("is_trial_period", isTrialPeriod, to: &output)
        Self.write("is_upgraded", isUpgraded, to: &output)
        output.member("original_transaction_id", originalTransactionID)
        output.member("product_id", productID)
        output.member("purchase_date", rfc3339: purchaseDate)
        output.member("transaction_id", transactionID)
        output.endObject()
    }

    init(json: JSONValue, context: String) throws(AuditRecordParseError) {
        guard let object = json.objectValue else { throw AuditRecordParseError("\(context.dropLast()) is not an object") }
        let fields = JSONFields(object: object, context: context)
        self.init(
            transactionID: try fields.string("transaction_id"),
            originalTransactionID: try fields.string("original_transaction_id"),
            productID: try fields.string("product_id"), purchaseDate: try fields.date("purchase_date"),
            expiresDate: try fields.date("expires_date"), cancellationDate: try fields.date("cancellation_date"),
            ownershipType: try fields.string("in_app_ownership_type").map(InAppOwnershipType.init(rawValue:)),
            isTrialPeriod: try fields.flag("is_trial_period"),
            isInIntroOfferPeriod: try fields.flag("is_in_intro_offer_period"), isUpgraded: try fields.flag("is_upgraded"))
        environment = try fields.string("environment").map(InputEnvironment.init(rawValue:))
        bundleID = try fields.string("bundle_id")
    }

    private static func write(_ name: StaticString, _ flag: Bool?, to output: inout JSONOutput) {
        guard let flag else { return }
        output.key(name)
        output.bool(flag)
    }
}

extension AuditSignal {
    func write(to output: inout JSONOutput) {
        output.beginObject(keysInOrder: true)
        output.key("detail")
        output.string(detail)
        if let firstSeen {
            output.key("first_seen")
            firstSeen.write(to: &output)
        }
        output.key("id")
        output.string(kind.rawValue)
        output.key("records")
        output.beginArray()
        for record in records { output.integer(record) }
        output.endArray()
        output.endObject()
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
        self.init(kind, try fields.string("detail") ?? "", records: records, firstSeen: try Self.firstSeen(fields, context))
    }

    /// `first_seen`, when present: all three members, or the line is refused.
    private static func firstSeen(_ fields: JSONFields, _ context: String) throws(AuditRecordParseError)
        -> AuditFirstSeen?
    {
        let members = try fields.object("first_seen")
        guard !members.isEmpty else { return nil }
        let place = JSONFields(object: members, context: context + "first_seen.")
        guard let batch = try place.string("batch"), let user = try place.string("user"),
            let line = try place.integer("line")
        else { throw AuditRecordParseError("\(context)first_seen needs batch, line and user") }
        return AuditFirstSeen(batch: batch, line: line, user: user)
    }
}

/// Why a line of audit output could not be read back.
package struct AuditRecordParseError: Error, Equatable, Sendable, CustomStringConvertible {
    package let description: String
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

    func strings(_ key: String) throws(AuditRecordParseError) -> [String] {
        try array(key).enumerated().map { index, item throws(AuditRecordParseError) in
            guard case .string(let text) = item else { throw AuditRecordParseError("\(context)\(key)[\(index)] is not a string") }
            return text
        }
    }

    func object(_ key: String) throws(AuditRecordParseError) -> [String: JSONValue] {
        switch object[key] {
        case nil, .null?: return [:]
        case .object(let members)?: return members
        default: throw AuditRecordParseError("\"\(context)\(key)\" is not an object")
        }
    }

    func flag(_ key: String) throws(AuditRecordParseError) -> Bool? {
        switch object[key] {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        default: throw AuditRecordParseError("\"\(context)\(key)\" is not true or false")
        }
    }

    func date(_ key: String) throws(AuditRecordParseError) -> Timestamp? {
        guard let text = try string(key) else { return nil }
        // What the writer writes for any instant, years past 9999 and before 0000 included.
        if let written = Timestamp(writtenRFC3339: text) { return written }
        do {
            return try ReceiptDateParser.parse(text)
        } catch {
            throw AuditRecordParseError("\"\(context)\(key)\" is not an RFC 3339 date: \(error.reason)")
        }
    }
}
