import ArgumentParser
import ReceiptKit
import ReceiptRemote

/// What `api` asks: the verb and its id, with the filters the verb takes, as an ``AppStoreServerAPICall``.
struct APIFilterOptions: ParsableArguments {
    @Option(name: .customLong("product-id"), help: ArgumentHelp("history: only this product; repeatable.", valueName: "id"))
    var productIDs: [String] = []

    @Option(
        name: .customLong("product-type"),
        help: ArgumentHelp("history: AUTO_RENEWABLE, NON_RENEWABLE, CONSUMABLE or NON_CONSUMABLE; repeatable.", valueName: "type")
    )
    var productTypes: [String] = []

    @Option(help: ArgumentHelp("history, notifications: from this time (RFC 3339, milliseconds, now).", valueName: "time"))
    var start: String?

    @Option(help: ArgumentHelp("history, notifications: until this time.", valueName: "time"))
    var end: String?

    @Option(help: ArgumentHelp("history: only revoked (true) or only not revoked (false) transactions.", valueName: "true|false"))
    var revoked: String?

    @Option(help: ArgumentHelp("history: only this in-app ownership type.", valueName: "FAMILY_SHARED|PURCHASED"))
    var ownership: String?

    @Option(help: ArgumentHelp("history: by modification date (Apple's default ascending).", valueName: "ascending|descending"))
    var sort: String?

    @Option(
        name: .customLong("subscription-group-id"),
        help: ArgumentHelp("history: only this subscription group; repeatable.", valueName: "id"))
    var subscriptionGroupIDs: [String] = []

    @Option(
        name: .customLong("status"), help: ArgumentHelp("status: only subscriptions in this state; repeatable.", valueName: "1-5")
    )
    var statuses: [String] = []

    @Option(name: .customLong("type"), help: ArgumentHelp("notifications: only this type (DID_RENEW ...).", valueName: "type"))
    var notificationType: String?

    @Option(
        name: .customLong("subtype"), help: ArgumentHelp("notifications: only this subtype (with --type).", valueName: "subtype"))
    var notificationSubtype: String?

    @Option(
        name: .customLong("transaction-id"),
        help: ArgumentHelp("notifications: only those about this transaction.", valueName: "id"))
    var transactionID: String?

    @Flag(name: .customLong("only-failures"), help: "notifications: only those that did not reach the server.")
    var onlyFailures = false

    static let verbs = [
        "transaction", "history", "status", "refunds", "lookup", "app-transaction", "notifications", "test-notification",
        "test-notification-status",
    ]

    /// The call `verb` with `id` makes.
    func call(_ verb: String, _ id: String?) throws(CLIError) -> AppStoreServerAPICall {
        guard Self.verbs.contains(verb) else {
            throw .usage("unknown api verb '\(verb)' (\(Self.verbs.joined(separator: ", ")))")
        }
        let takesID = verb != "notifications" && verb != "test-notification"
        guard (id != nil) == takesID else {
            throw .usage("api \(verb) takes \(takesID ? "one id" : "no id"), not \(id == nil ? 0 : 1)")
        }
        guard let id else {
            return verb == "test-notification" ? .requestTestNotification : .notificationHistory(try notificationFilter())
        }
        guard !id.isEmpty else { throw .usage("api \(verb): the id is empty") }
        switch verb {
        case "transaction": return .transactionInfo(transactionID: id)
        case "history": return .transactionHistory(transactionID: id, try historyFilter())
        case "status": return .subscriptionStatuses(transactionID: id, statuses: try statusCodes())
        case "refunds": return .refundHistory(transactionID: id)
        case "lookup": return .orderLookup(orderID: id)
        case "app-transaction": return .appTransactionInfo(transactionID: id)
        default: return .testNotificationStatus(token: id)
        }
    }

    private func statusCodes() throws(CLIError) -> [Int] {
        var codes: [Int] = []
        for text in statuses {
            guard let code = Int(text), (1...5).contains(code) else { throw .usage("--status needs 1 to 5, not '\(text)'") }
            codes.append(code)
        }
        return codes
    }

    private func historyFilter() throws(CLIError) -> AppStoreServerAPICall.HistoryFilter {
        var filter = AppStoreServerAPICall.HistoryFilter()
        filter.productIDs = productIDs
        for text in productTypes {
            filter.productTypes.append(
                try Self.oneOf(text, ["AUTO_RENEWABLE", "NON_RENEWABLE", "CONSUMABLE", "NON_CONSUMABLE"], "--product-type"))
        }
        filter.startDate = try Self.time(start, "--start")
        filter.endDate = try Self.time(end, "--end")
        if let revoked { filter.revoked = try Self.oneOf(revoked, ["TRUE", "FALSE"], "--revoked") == "TRUE" }
        if let ownership { filter.ownership = try Self.oneOf(ownership, ["FAMILY_SHARED", "PURCHASED"], "--ownership") }
        if let sort { filter.sort = try Self.oneOf(sort, ["ASCENDING", "DESCENDING"], "--sort") }
        filter.subscriptionGroupIDs = subscriptionGroupIDs
        return filter
    }

    private func notificationFilter() throws(CLIError) -> AppStoreServerAPICall.NotificationFilter {
        guard let startDate = try Self.time(start, "--start"), let endDate = try Self.time(end, "--end") else {
            throw .usage("api notifications needs --start TIME and --end TIME")
        }
        var filter = AppStoreServerAPICall.NotificationFilter(startDate: startDate, endDate: endDate)
        filter.notificationType = notificationType
        filter.notificationSubtype = notificationSubtype
        if notificationSubtype != nil, notificationType == nil {
            throw .usage("--subtype needs --type (Apple takes a subtype only with its type)")
        }
        filter.transactionID = transactionID
        filter.onlyFailures = onlyFailures
        return filter
    }

    /// `text` as one of `allowed` (any case), in Apple's spelling.
    private static func oneOf(_ text: String, _ allowed: [String], _ option: String) throws(CLIError) -> String {
        guard allowed.contains(text.uppercased()) else {
            throw .usage("\(option) must be one of \(allowed.joined(separator: ", ")) (any case), not '\(text)'")
        }
        return text.uppercased()
    }

    /// A time option as milliseconds since 1970.
    private static func time(_ text: String?, _ option: String) throws(CLIError) -> Int64? {
        guard let text else { return nil }
        if text == "now" { return TimeOptions.now().milliseconds }
        do throws(ReceiptDateParser.Failure) {
            return try TimeOptions.parse(text).milliseconds
        } catch {
            throw .usage("\(option) needs an RFC 3339 time, milliseconds since 1970 or now (\(error.reason))")
        }
    }
}
