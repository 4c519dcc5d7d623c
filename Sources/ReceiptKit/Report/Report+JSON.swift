/// The JSON form of a report, through the project's writer (sorted keys, deterministic bytes).
extension Report {
    public static let formatVersion = 1

    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "format_version": .integer(Self.formatVersion),
            "time_zone": .string(options.timeZone.name),
            "include_unverified": .bool(options.includeUnverified),
            "inputs": inputsJSON,
            "transactions": transactionsJSON,
            "totals": .object(
                Dictionary(uniqueKeysWithValues: ReportEventKind.allCases.map { ($0.rawValue, .integer(totals[$0] ?? 0)) })),
            "rows": .array(rows.map(\.json)),
            "audit_days": .array(auditDays.map(\.json)),
        ]
        if let undatedAuditRecords { object["audit_undated"] = undatedAuditRecords.json }
        return .object(object)
    }

    private var inputsJSON: JSONValue {
        .object([
            "audit_records": .object([
                "read": .integer(tallies.auditRecords), "counted": .integer(tallies.countedAuditRecords),
                "not_counted": Self.counts(tallies.uncountedAuditRecords) { $0.rawValue },
            ]),
            "responses": .object([
                "read": .integer(tallies.responses), "counted": .integer(tallies.countedResponses),
                "not_counted": Self.counts(tallies.uncountedResponses) { String($0) },
            ]),
        ])
    }

    private var transactionsJSON: JSONValue {
        .object([
            "copies": .integer(tallies.transactionCopies),
            "unique": .integer(tallies.uniqueTransactions),
            "without_transaction_id": .integer(tallies.withoutTransactionID),
            "family_shared": .integer(tallies.familyShared),
            "without_purchase_date": .integer(tallies.withoutPurchaseDate),
            "offer_flags_unknown": .integer(tallies.offerFlagsUnknown),
        ])
    }

    /// A table of counts as a JSON object keyed by `name`.
    static func counts<Key: Hashable>(_ table: [Key: Int], name: (Key) -> String) -> JSONValue {
        .object(Dictionary(table.map { (name($0.key), JSONValue.integer($0.value)) }) { first, _ in first })
    }
}

extension ReportRow {
    var json: JSONValue {
        var object = JSONObjectBuilder()
        object.set("date", key.day.description)
        object.set("environment", key.environment)
        object.set("product_id", key.productID)
        for kind in ReportEventKind.allCases { object[kind.rawValue] = .integer(count(kind)) }
        object["offer_flags_unknown"] = .integer(offerFlagsUnknown)
        return object.value
    }
}

extension ReportAuditDay {
    var json: JSONValue {
        var object = JSONObjectBuilder()
        object.set("date", day?.description)
        object["records"] = .integer(records)
        object["verdicts"] = Report.counts(verdicts) { $0.rawValue }
        object["signals"] = Report.counts(signals) { $0.rawValue }
        return object.value
    }
}
