package import ReceiptKit

/// One read-only App Store Server API endpoint with its arguments: the path, query and body it sends, how its
/// answers page, and what shape they have (Apple's "App Store Server API" reference, version 2 of the histories).
package enum AppStoreServerAPICall: Sendable, Equatable {
    /// Get Transaction History v2's filters; every one is optional and sent only when set.
    package struct HistoryFilter: Sendable, Equatable {
        package var productIDs: [String] = []
        /// AUTO_RENEWABLE, NON_RENEWABLE, CONSUMABLE, NON_CONSUMABLE.
        package var productTypes: [String] = []
        /// Milliseconds since 1970.
        package var startDate: Int64?
        package var endDate: Int64?
        package var revoked: Bool?
        /// FAMILY_SHARED or PURCHASED.
        package var ownership: String?
        /// ASCENDING or DESCENDING.
        package var sort: String?
        package var subscriptionGroupIDs: [String] = []

        package init() {}
    }

    /// Get Notification History's request body; the dates are required, the rest narrows.
    package struct NotificationFilter: Sendable, Equatable {
        package var startDate: Int64
        package var endDate: Int64
        package var notificationType: String?
        package var notificationSubtype: String?
        package var transactionID: String?
        package var onlyFailures = false

        package init(startDate: Int64, endDate: Int64) {
            self.startDate = startDate
            self.endDate = endDate
        }
    }

    case transactionInfo(transactionID: String)
    case transactionHistory(transactionID: String, HistoryFilter)
    /// `statuses`: Apple's status codes 1-5 to keep (empty: all).
    case subscriptionStatuses(transactionID: String, statuses: [Int])
    case refundHistory(transactionID: String)
    case orderLookup(orderID: String)
    case appTransactionInfo(transactionID: String)
    case notificationHistory(NotificationFilter)
    case requestTestNotification
    case testNotificationStatus(token: String)

    /// How an endpoint's answers continue.
    package enum Paging: Sendable {
        /// One answer.
        case single
        /// `hasMore` and `revision`, sent back as the `revision` query parameter (the v2 histories).
        case revision
        /// `hasMore` and `paginationToken`, sent back as the `paginationToken` query parameter.
        case paginationToken
    }

    var method: HTTPRequest.Method {
        switch self {
        case .notificationHistory, .requestTestNotification: return .post
        default: return .get
        }
    }

    package var paging: Paging {
        switch self {
        case .transactionHistory, .refundHistory: return .revision
        case .notificationHistory: return .paginationToken
        default: return .single
        }
    }

    /// The shape of the answer, for ``SignedDataBody/serverAPIAnswer(_:kind:)``; nil when it carries no signed item.
    package var answerKind: SignedDataBody.Kind? {
        switch self {
        case .transactionInfo: return .transactionInfo
        case .transactionHistory: return .transactionHistory
        case .subscriptionStatuses: return .subscriptionStatuses
        case .refundHistory: return .refundHistory
        case .orderLookup: return .orderLookup
        case .appTransactionInfo: return .appTransactionInfo
        case .notificationHistory: return .notificationHistory
        case .requestTestNotification: return nil
        case .testNotificationStatus: return .notification
        }
    }

    /// The path below the environment's base URL, every caller-given segment percent-encoded.
    package var path: String {
        switch self {
        case .transactionInfo(let id): return "/inApps/v1/transactions/\(Self.segment(id))"
        case .transactionHistory(let id, _): return "/inApps/v2/history/\(Self.segment(id))"
        case .subscriptionStatuses(let id, _): return "/inApps/v1/subscriptions/\(Self.segment(id))"
        case .refundHistory(let id): return "/inApps/v2/refund/lookup/\(Self.segment(id))"
        case .orderLookup(let id): return "/inApps/v1/lookup/\(Self.segment(id))"
        case .appTransactionInfo(let id): return "/inApps/v1/transactions/appTransactions/\(Self.segment(id))"
        case .notificationHistory: return "/inApps/v1/notifications/history"
        case .requestTestNotification: return "/inApps/v1/notifications/test"
        case .testNotificationStatus(let token): return "/inApps/v1/notifications/test/\(Self.segment(token))"
        }
    }

    /// The query (without `?`), with `continuation` (a revision or pagination token) when following a page.
    package func query(continuation: String?) -> String {
        var pairs: [(String, String)] = []
        switch self {
        case .transactionHistory(_, let filter):
            pairs += filter.productIDs.map { ("productId", $0) }
            pairs += filter.productTypes.map { ("productType", $0) }
            if let start = filter.startDate { pairs.append(("startDate", String(start))) }
            if let end = filter.endDate { pairs.append(("endDate", String(end))) }
            if let revoked = filter.revoked { pairs.append(("revoked", revoked ? "true" : "false")) }
            if let ownership = filter.ownership { pairs.append(("inAppOwnershipType", ownership)) }
            if let sort = filter.sort { pairs.append(("sort", sort)) }
            pairs += filter.subscriptionGroupIDs.map { ("subscriptionGroupIdentifier", $0) }
        case .subscriptionStatuses(_, let statuses):
            pairs += statuses.map { ("status", String($0)) }
        default:
            break
        }
        if let continuation {
            pairs.append((paging == .paginationToken ? "paginationToken" : "revision", continuation))
        }
        return pairs.map { "\(Self.segment($0.0))=\(Self.segment($0.1))" }.joined(separator: "&")
    }

    /// The JSON body of a POST (Get Notification History's filter; `{}` for a test notification); empty for a GET.
    package var body: [UInt8] {
        switch self {
        case .notificationHistory(let filter):
            var output = JSONOutput(pretty: false)
            output.beginObject()
            output.member("endDate", integer: filter.endDate)
            if let type = filter.notificationType { output.member("notificationType", type) }
            if let subtype = filter.notificationSubtype { output.member("notificationSubtype", subtype) }
            if filter.onlyFailures {
                output.key("onlyFailures")
                output.bool(true)
            }
            output.member("startDate", integer: filter.startDate)
            if let id = filter.transactionID { output.member("transactionId", id) }
            output.endObject()
            return output.bytes
        case .requestTestNotification:
            return Array("{}".utf8)
        default:
            return []
        }
    }

    /// `text` percent-encoded but for RFC 3986's unreserved characters, so no id can change the path or query.
    static func segment(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let unreserved =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            if unreserved {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
            }
        }
        return out
    }
}
