/// The local decode of a receipt set beside Apple's `receipt` object, field by field, with in-app entries
/// matched by transaction id. What Apple knows and a receipt cannot (the request date, subscription groups,
/// ownership, renewals and refunds after the receipt was made) is listed as remote knowledge, not disagreement.
package struct ReceiptComparison: Sendable {
    package enum Kind: String, Sendable {
        case mismatch
        case localOnly = "local_only"
        case remoteOnly = "remote_only"
    }

    /// A field the two sides disagree on.
    package struct Difference: Sendable, Equatable {
        package let path: String
        package let local: JSONValue?
        package let remote: JSONValue?
        package let kind: Kind
    }

    /// Something Apple's answer carries that the receipt cannot know.
    package struct RemoteKnowledge: Sendable, Equatable {
        package let path: String
        package let remote: JSONValue
        package let note: String
    }

    package let differences: [Difference]
    package let remoteKnowledge: [RemoteKnowledge]
    /// Harmless drift noticed on the way (a number sent as a string ...).
    package let notes: [String]

    /// Keys this tool adds to the receipt object that Apple's JSON never has.
    package static let localExtensionKeys: Set<String> = [
        "product_type", "opaque_value", "sha1_hash", "age_rating", "unknown_attributes",
    ]
    /// Receipt-level keys only the server can know.
    package static let serverOnlyReceiptKeys: Set<String> = ["request_date", "request_date_ms", "request_date_pst"]
    /// Transaction keys only the server can know (receipt-format.md §2, JSON-only fields).
    package static let serverOnlyTransactionKeys: Set<String> = [
        "subscription_group_identifier", "in_app_ownership_type", "is_upgraded", "offer_code_ref_name", "app_account_token",
    ]

    /// Compares a local receipt object (``Receipt/json`` or a transaction receipt's JSON) with Apple's.
    package init(
        local: [String: JSONValue], remote: [String: JSONValue], latestReceiptInfo: [PurchaseRecord], localCreation: Timestamp?
    ) {
        var differences: [Difference] = []
        var knowledge: [RemoteKnowledge] = []
        var notes: [String] = []
        Self.compareObjects(
            local: local, remote: remote, path: "receipt", serverOnly: Self.serverOnlyReceiptKeys,
            differences: &differences, knowledge: &knowledge, notes: &notes)

        let localPurchases = Self.keyedByTransaction(local["in_app"])
        let remotePurchases = Self.keyedByTransaction(remote["in_app"])
        for (id, remoteEntry) in remotePurchases.entries {
            let path = "receipt.in_app[\(id)]"
            guard let localEntry = localPurchases.byID[ExactString(id)] else {
                differences.append(Difference(path: path, local: nil, remote: .object(remoteEntry), kind: .remoteOnly))
                continue
            }
            Self.compareObjects(
                local: localEntry, remote: remoteEntry, path: path, serverOnly: Self.serverOnlyTransactionKeys,
                differences: &differences, knowledge: &knowledge, notes: &notes)
        }
        for (id, localEntry) in localPurchases.entries where remotePurchases.byID[ExactString(id)] == nil {
            differences.append(
                Difference(path: "receipt.in_app[\(id)]", local: .object(localEntry), remote: nil, kind: .localOnly))
        }

        // latest_receipt_info: later renewals and later changes to known transactions are what Apple knows now.
        for record in latestReceiptInfo {
            guard let id = record.transactionID else { continue }
            let path = "latest_receipt_info[\(id)]"
            guard let localEntry = localPurchases.byID[ExactString(id)] else {
                let when =
                    record.purchaseDate.map { purchase in
                        localCreation.map {
                            purchase > $0 ? "purchased \(purchase), after the receipt was created" : "purchased \(purchase)"
                        }
                            ?? "purchased \(purchase)"
                    } ?? "purchase date unknown"
                knowledge.append(
                    RemoteKnowledge(
                        path: path, remote: .object(record.fields),
                        note: "transaction \(id) (\(record.productID ?? "?")) is not in this receipt: \(when)"))
                continue
            }
            for key in record.fields.keys.sorted() where !Self.serverOnlyTransactionKeys.contains(key) {
                guard let remoteValue = record.fields[key], !Self.sameValue(localEntry[key], remoteValue) else { continue }
                knowledge.append(
                    RemoteKnowledge(
                        path: "\(path).\(key)", remote: remoteValue,
                        note: localEntry[key] == nil
                            ? "set after the receipt was created (e.g. a refund or upgrade)"
                            : "changed after the receipt was created"))
            }
        }
        self.differences = differences
        self.remoteKnowledge = knowledge
        self.notes = notes
    }

    /// Whether nothing disagrees.
    package var agrees: Bool { differences.isEmpty }

    private static func compareObjects(
        local: [String: JSONValue], remote: [String: JSONValue], path: String, serverOnly: Set<String>,
        differences: inout [Difference], knowledge: inout [RemoteKnowledge], notes: inout [String]
    ) {
        for key in Set(local.keys).union(remote.keys).sorted() where key != "in_app" && !localExtensionKeys.contains(key) {
            let fieldPath = "\(path).\(key)"
            switch (local[key], remote[key]) {
            case (let mine?, let theirs?):
                if mine == theirs { continue }
                if sameValue(mine, theirs) {
                    notes.append(
                        "\(fieldPath): the same value typed differently (\(typeName(mine)) here, \(typeName(theirs)) from Apple)")
                } else {
                    differences.append(Difference(path: fieldPath, local: mine, remote: theirs, kind: .mismatch))
                }
            case (let mine?, nil):
                differences.append(Difference(path: fieldPath, local: mine, remote: nil, kind: .localOnly))
            case (nil, let theirs?):
                if serverOnly.contains(key) {
                    knowledge.append(RemoteKnowledge(path: fieldPath, remote: theirs, note: "known only to Apple's server"))
                } else {
                    differences.append(Difference(path: fieldPath, local: nil, remote: theirs, kind: .remoteOnly))
                }
            case (nil, nil):
                continue
            }
        }
    }

    /// Equal values, tolerating Apple's drift between strings and numbers ("1" and 1).
    static func sameValue(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        if a == b { return true }
        if let left = a.scalarText, let right = b.scalarText { return left == right }
        return false
    }

    static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .string: return "string"
        case .number: return "number"
        case .bool: return "boolean"
        case .array: return "array"
        case .object: return "object"
        case .null: return "null"
        }
    }

    /// In-app entries by transaction id (its bytes: ids are opaque), keeping their order for output.
    static func keyedByTransaction(_ value: JSONValue?) -> (
        entries: [(String, [String: JSONValue])], byID: [ExactString: [String: JSONValue]]
    ) {
        var entries: [(String, [String: JSONValue])] = []
        var byID: [ExactString: [String: JSONValue]] = [:]
        for (index, object) in VerifyReceiptResponse.objects(value).enumerated() {
            let id = object["transaction_id"]?.scalarText ?? "#\(index)"
            let key = ExactString(id)
            if byID[key] == nil {
                entries.append((id, object))
                byID[key] = object
            }
        }
        return (entries, byID)
    }
}
