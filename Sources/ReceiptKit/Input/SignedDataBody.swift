/// An App Store Server API answer or a notification body that carries StoreKit 2 signed items: the body itself
/// is not signed, the items in it are (receipt-format.md §7).
///
/// Recognised shapes, from Apple's response types:
/// - notification body `{"signedPayload": JWS}`;
/// - Get Transaction Info `{"signedTransactionInfo": JWS}`;
/// - Get All Subscription Statuses `{environment, bundleId, appAppleId, data: [{subscriptionGroupIdentifier,
///   lastTransactions: [{originalTransactionId, status, signedTransactionInfo, signedRenewalInfo}]}]}`;
/// - Get Transaction History `{revision, hasMore, bundleId, appAppleId, environment, signedTransactions: [JWS]}`;
/// - Get Refund History `{revision, hasMore, signedTransactions: [JWS]}` (no app facts, which tells it apart).
public struct SignedDataBody: Sendable {
    /// Which answer or body this is; the raw value is the name the output uses (after `storekit2_`).
    public enum Kind: String, Sendable {
        /// A notification body `{"signedPayload": JWS}`.
        case notification = "notification_body"
        /// Get Transaction Info `{"signedTransactionInfo": JWS}`.
        case transactionInfo = "transaction_info"
        /// Get All Subscription Statuses: renewal info and last transaction per subscription group.
        case subscriptionStatuses = "all_subscription_statuses"
        /// Get Transaction History: a page of transactions with the app's facts beside them.
        case transactionHistory = "transaction_history"
        /// Get Refund History: a page of refunded transactions, without app facts.
        case refundHistory = "refund_history"
        /// Look Up Order ID `{status, signedTransactions}` (only from the API client, which knows the endpoint).
        case orderLookup = "order_lookup"
        /// Get App Transaction Info `{signedAppTransactionInfo}`.
        case appTransactionInfo = "app_transaction_info"
        /// Get Notification History `{notificationHistory: [{signedPayload, sendAttempts}], hasMore, paginationToken}`.
        case notificationHistory = "notification_history"
    }

    /// One signed item and where it sits in the body.
    public struct Item: Sendable {
        /// A path into the body: `signedPayload`, `data[0].lastTransactions[1].signedRenewalInfo`.
        public let path: String
        /// What the position says the item is; the payload has the last word.
        public let expected: SignedDataKind
        /// The compact JWS as it appears in the body; decode it with ``CompactJWS/init(_:cache:)``.
        public let token: String
        /// For Get All Subscription Statuses: Apple's status of the subscription (1 active, 2 expired,
        /// 3 billing retry, 4 billing grace period, 5 revoked); nil elsewhere.
        public let status: Int64?
    }

    /// Which answer or body this is, from its keys or from the endpoint that sent it.
    public let kind: Kind
    /// The body as received, unsigned: what it says beside the items is not verified by anything.
    public let json: JSONValue
    /// In body order.
    public let items: [Item]

    package init(kind: Kind, json: JSONValue, items: [Item]) {
        self.kind = kind
        self.json = json
        self.items = items
    }

    /// The body `object` is, or nil when it is none of the recognised shapes. Throws when it has a shape's key but
    /// the wrong content there (e.g. a `signedTransactions` entry that is not a string), naming the path.
    package static func recognise(_ object: [String: JSONValue]) throws(InputError) -> SignedDataBody? {
        let json = JSONValue.object(object)
        if let token = object["signedPayload"] {
            return SignedDataBody(
                kind: .notification, json: json, items: [try item(token, path: "signedPayload", expected: .notification)])
        }
        if let transactions = object["signedTransactions"] {
            guard let list = transactions.arrayValue else { throw .unexpectedJSON("signedTransactions is not an array") }
            var items: [Item] = []
            for (index, token) in list.enumerated() {
                items.append(try item(token, path: "signedTransactions[\(index)]", expected: .transaction))
            }
            let hasAppFacts = ["bundleId", "appAppleId", "environment"].contains { object[$0] != nil }
            return SignedDataBody(kind: hasAppFacts ? .transactionHistory : .refundHistory, json: json, items: items)
        }
        // `data` is a common key: only a list with lastTransactions in it is Apple's answer.
        if case .array(let groups)? = object["data"], groups.contains(where: { $0["lastTransactions"] != nil }) {
            return SignedDataBody(kind: .subscriptionStatuses, json: json, items: try statusItems(groups))
        }
        if let token = object["signedTransactionInfo"] {
            return SignedDataBody(
                kind: .transactionInfo, json: json,
                items: [try item(token, path: "signedTransactionInfo", expected: .transaction)])
        }
        return nil
    }

    /// `data[].lastTransactions[]`, each with its transaction and renewal info (either may be absent).
    private static func statusItems(_ groups: [JSONValue]) throws(InputError) -> [Item] {
        var items: [Item] = []
        for (groupIndex, group) in groups.enumerated() {
            guard case .array(let last)? = group["lastTransactions"] else {
                throw .unexpectedJSON("data[\(groupIndex)] has no lastTransactions array (Get All Subscription Statuses)")
            }
            for (index, entry) in last.enumerated() {
                let path = "data[\(groupIndex)].lastTransactions[\(index)]"
                guard entry.objectValue != nil else { throw .unexpectedJSON("\(path) is not an object") }
                let status = entry["status"]?.int64Value
                for (key, kind) in [("signedTransactionInfo", SignedDataKind.transaction), ("signedRenewalInfo", .renewalInfo)] {
                    guard let token = entry[key] else { continue }
                    let found = try item(token, path: "\(path).\(key)", expected: kind)
                    items.append(Item(path: found.path, expected: kind, token: found.token, status: status))
                }
            }
        }
        return items
    }

    static func item(_ value: JSONValue, path: String, expected: SignedDataKind) throws(InputError) -> Item {
        guard case .string(let token) = value else { throw .unexpectedJSON("\(path) is not a string (a signed JWS)") }
        return Item(path: path, expected: expected, token: token, status: nil)
    }
}
