extension ReceiptComparison {
    /// Local transactions (a receipt's `in_app`, or one signed transaction, under verifyReceipt's names) beside
    /// Apple's transaction history (each a verified signed transaction under the same names), matched by
    /// transaction id: a local transaction Apple does not list is `local_only`; a field both carry that differs
    /// is a `mismatch`; a transaction only Apple lists (a later renewal, an upgrade) and a field only Apple sets
    /// (a refund's or revocation's `cancellation_date_ms`) is what Apple knows now, in remote knowledge.
    package init(localTransactions local: [[String: JSONValue]], history: [PurchaseRecord], localCreation: Timestamp?) {
        var differences: [Difference] = []
        var knowledge: [RemoteKnowledge] = []
        var notes: [String] = []
        let localByID = Self.keyedByTransaction(.array(local.map(JSONValue.object)))
        var remoteIDs: Set<ExactString> = []  // ids as bytes
        for record in history {
            guard let id = record.transactionID, remoteIDs.insert(ExactString(id)).inserted else { continue }
            let path = "history[\(id)]"
            guard let mine = localByID.byID[ExactString(id)] else {
                knowledge.append(
                    RemoteKnowledge(path: path, remote: .object(record.fields), note: Self.onlyAtApple(record, localCreation)))
                continue
            }
            for key in Set(mine.keys).union(record.fields.keys).sorted() where !Self.localExtensionKeys.contains(key) {
                switch (mine[key], record.fields[key]) {
                case (let left?, let right?) where !Self.sameValue(left, right):
                    differences.append(Difference(path: "\(path).\(key)", local: left, remote: right, kind: .mismatch))
                case (let left?, let right?) where left != right:
                    notes.append(
                        "\(path).\(key): the same value typed differently (\(Self.typeName(left)) here, \(Self.typeName(right)) from Apple)"
                    )
                case (nil, let right?) where right != .string("false"):
                    knowledge.append(
                        RemoteKnowledge(
                            path: "\(path).\(key)", remote: right,
                            note: key.hasPrefix("cancellation")
                                ? "set by Apple after the local data was made: a refund or revocation"
                                : "known only to Apple's history"))
                default:
                    continue
                }
            }
        }
        for (id, entry) in localByID.entries where !remoteIDs.contains(ExactString(id)) {
            differences.append(Difference(path: "history[\(id)]", local: .object(entry), remote: nil, kind: .localOnly))
        }
        self.differences = differences
        self.remoteKnowledge = knowledge
        self.notes = notes
    }

    /// Why a transaction only Apple lists is there: its product and date, after the local data or not, refunded.
    private static func onlyAtApple(_ record: PurchaseRecord, _ localCreation: Timestamp?) -> String {
        let id = record.transactionID ?? "?"
        var note = "transaction \(id) (\(record.productID ?? "?")) is not in the local data"
        if let purchase = record.purchaseDate {
            let later = localCreation.map { purchase > $0 } ?? false
            note += ": purchased \(purchase)\(later ? ", after the local data was made" : "")"
        }
        if let cancelled = record.cancellationDate { note += "; refunded or revoked \(cancelled)" }
        if record.isUpgraded { note += "; upgraded" }
        return note
    }
}
