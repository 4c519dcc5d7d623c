extension SignedDataBody {
    /// An App Store Server API answer read as the endpoint that sent it says it is, rather than sniffed from its
    /// keys: an empty page of a history is still a history, and Look Up Order ID is not a refund history.
    ///
    /// Throws when a key the endpoint documents has the wrong content (naming the path), or when the answer has
    /// none of the keys the endpoint's signed items sit under.
    ///
    /// - Parameters:
    ///   - object: The answer's top-level JSON object, as ``JSONParser`` read it.
    ///   - kind: The endpoint the caller called, which decides how the answer is read.
    /// - Returns: The body with its signed items in answer order, ready for ``SignedDataVerifier``.
    /// - Throws: ``InputError/unexpectedJSON(_:)`` naming the key whose content is wrong or missing.
    public static func serverAPIAnswer(_ object: [String: JSONValue], kind: Kind) throws(InputError) -> SignedDataBody {
        let json = JSONValue.object(object)
        switch kind {
        case .transactionHistory, .refundHistory, .orderLookup:
            let list = object["signedTransactions"] ?? .array([])
            return SignedDataBody(kind: kind, json: json, items: try listItems(list, key: "signedTransactions"))
        case .appTransactionInfo:
            guard let token = object["signedAppTransactionInfo"] else {
                throw .unexpectedJSON("the answer has no signedAppTransactionInfo (Get App Transaction Info)")
            }
            return SignedDataBody(
                kind: kind, json: json, items: [try item(token, path: "signedAppTransactionInfo", expected: .appTransaction)])
        case .notificationHistory:
            return SignedDataBody(kind: kind, json: json, items: try historyItems(object["notificationHistory"]))
        case .notification, .transactionInfo, .subscriptionStatuses:
            if kind == .subscriptionStatuses, object["data"] == nil {
                return SignedDataBody(kind: kind, json: json, items: [])
            }
            guard let body = try recognise(object), body.kind == kind else {
                throw .unexpectedJSON("the answer is not the \(kind.rawValue) its endpoint sends")
            }
            return body
        }
    }

    /// `key[0]`, `key[1]` ...: a list of signed transactions.
    private static func listItems(_ list: JSONValue, key: String) throws(InputError) -> [Item] {
        guard let entries = list.arrayValue else { throw .unexpectedJSON("\(key) is not an array") }
        var items: [Item] = []
        for (index, token) in entries.enumerated() {
            items.append(try item(token, path: "\(key)[\(index)]", expected: .transaction))
        }
        return items
    }

    /// `notificationHistory[i].signedPayload`, one notification each.
    private static func historyItems(_ history: JSONValue?) throws(InputError) -> [Item] {
        guard let entries = (history ?? .array([])).arrayValue else {
            throw .unexpectedJSON("notificationHistory is not an array")
        }
        var items: [Item] = []
        for (index, entry) in entries.enumerated() {
            let path = "notificationHistory[\(index)].signedPayload"
            guard let token = entry["signedPayload"] else { throw .unexpectedJSON("\(path) is missing") }
            items.append(try item(token, path: path, expected: .notification))
        }
        return items
    }
}
