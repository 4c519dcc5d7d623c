import ReceiptKit
import ReceiptRemote

/// What `api` asks and with which credentials: the verb and its filters as an ``AppStoreServerAPICall``, the
/// key and ids (options first, then the environment variables) and the client's settings.
enum APICallOptions {
    /// Who asks, where, and what is trusted: `api` and `compare --api` take these.
    static let clientOptions: [OptionSpec] = [
        .value("key-file", "FILE", "The In-App Purchase key (.p8); else APPRECEIPT_API_KEY_FILE."),
        .value("key-id", "ID", "The key's id; else APPRECEIPT_API_KEY_ID."),
        .value(
            "issuer-id", "ID",
            "The team's issuer id (App Store Connect, Users and Access, Integrations); else APPRECEIPT_API_ISSUER_ID."),
        .value("bundle-id", "ID", "The app's bundle id: the token's bid, and required of every item."),
        .value(
            "environment", "production|sandbox|auto",
            "Which App Store to ask (default auto: production, then sandbox on not found)."),
        .value(
            "api-url", "URL", "Ask URL/production and URL/sandbox instead of Apple (a stand-in; http for loopback only)."),
        .value("limit", "N", "Stop after N items (paged answers)."),
        .value("trust-anchor", "FILE", repeatable: true, "Trust this certificate instead of the pinned Apple root."),
    ]

    static let filterOptions: [OptionSpec] = [
        .value("product-id", "ID", repeatable: true, "history: only this product."),
        .value("product-type", "TYPE", repeatable: true, "history: AUTO_RENEWABLE, NON_RENEWABLE, CONSUMABLE or NON_CONSUMABLE."),
        .value("start", "TIME", "history, notifications: from this time (RFC 3339, milliseconds, now)."),
        .value("end", "TIME", "history, notifications: until this time."),
        .value("revoked", "true|false", "history: only revoked (true) or only not revoked (false) transactions."),
        .value("ownership", "FAMILY_SHARED|PURCHASED", "history: only this in-app ownership type."),
        .value("sort", "ascending|descending", "history: order by modification date (Apple's default ascending)."),
        .value("subscription-group-id", "ID", repeatable: true, "history: only this subscription group."),
        .value("status", "1-5", repeatable: true, "status: only subscriptions in this state (1 active ... 5 revoked)."),
        .value("type", "TYPE", "notifications: only this notification type (DID_RENEW ...)."),
        .value("subtype", "SUBTYPE", "notifications: only this subtype (with --type)."),
        .value("transaction-id", "ID", "notifications: only those about this transaction."),
        .flag("only-failures", "notifications: only those that did not reach the server."),
    ]

    /// The verbs that take one id, with the call each makes.
    private static let withID: [String: @Sendable (String) -> AppStoreServerAPICall] = [
        "transaction": { .transactionInfo(transactionID: $0) },
        "refunds": { .refundHistory(transactionID: $0) },
        "lookup": { .orderLookup(orderID: $0) },
        "app-transaction": { .appTransactionInfo(transactionID: $0) },
        "test-notification-status": { .testNotificationStatus(token: $0) },
    ]

    static func call(_ arguments: ParsedArguments, command: String) throws(CLIError) -> AppStoreServerAPICall {
        guard let verb = arguments.positionals.first else {
            throw .usage("api needs a verb: \(verbs.joined(separator: ", "))", command: command)
        }
        let ids = Array(arguments.positionals.dropFirst())
        let takesID = verb != "notifications" && verb != "test-notification"
        guard ids.count == (takesID ? 1 : 0) else {
            throw .usage("api \(verb) takes \(takesID ? "one id" : "no id"), not \(ids.count)", command: command)
        }
        guard let id = ids.first else {
            switch verb {
            case "notifications": return .notificationHistory(try notificationFilter(arguments, command: command))
            case "test-notification": return .requestTestNotification
            default: throw .usage("unknown api verb '\(verb)' (\(verbs.joined(separator: ", ")))", command: command)
            }
        }
        guard !id.isEmpty else { throw .usage("api \(verb): the id is empty", command: command) }
        switch verb {
        case "history": return .transactionHistory(transactionID: id, try historyFilter(arguments, command: command))
        case "status":
            var statuses: [Int] = []
            for text in arguments.all("status") {
                guard let code = Int(text), (1...5).contains(code) else {
                    throw .usage("--status needs 1 to 5, not '\(text)'", command: command)
                }
                statuses.append(code)
            }
            return .subscriptionStatuses(transactionID: id, statuses: statuses)
        default:
            guard let make = withID[verb] else {
                throw .usage("unknown api verb '\(verb)' (\(verbs.joined(separator: ", ")))", command: command)
            }
            return make(id)
        }
    }

    static let verbs = [
        "transaction", "history", "status", "refunds", "lookup", "app-transaction", "notifications", "test-notification",
        "test-notification-status",
    ]

    private static func historyFilter(_ arguments: ParsedArguments, command: String) throws(CLIError)
        -> AppStoreServerAPICall.HistoryFilter
    {
        var filter = AppStoreServerAPICall.HistoryFilter()
        filter.productIDs = arguments.all("product-id")
        filter.productTypes = try arguments.all("product-type").map { (text) throws(CLIError) in
            try oneOf(text, ["AUTO_RENEWABLE", "NON_RENEWABLE", "CONSUMABLE", "NON_CONSUMABLE"], "--product-type", command)
        }
        filter.startDate = try time(arguments, "start", command: command)
        filter.endDate = try time(arguments, "end", command: command)
        if let text = arguments.value("revoked") {
            filter.revoked = try oneOf(text, ["TRUE", "FALSE"], "--revoked", command) == "TRUE"
        }
        filter.ownership = try arguments.value("ownership").map { (text) throws(CLIError) in
            try oneOf(text, ["FAMILY_SHARED", "PURCHASED"], "--ownership", command)
        }
        filter.sort = try arguments.value("sort").map { (text) throws(CLIError) in
            try oneOf(text, ["ASCENDING", "DESCENDING"], "--sort", command)
        }
        filter.subscriptionGroupIDs = arguments.all("subscription-group-id")
        return filter
    }

    private static func notificationFilter(_ arguments: ParsedArguments, command: String) throws(CLIError)
        -> AppStoreServerAPICall.NotificationFilter
    {
        guard let start = try time(arguments, "start", command: command),
            let end = try time(arguments, "end", command: command)
        else { throw .usage("api notifications needs --start TIME and --end TIME", command: command) }
        var filter = AppStoreServerAPICall.NotificationFilter(startDate: start, endDate: end)
        filter.notificationType = arguments.value("type")
        filter.notificationSubtype = arguments.value("subtype")
        if filter.notificationSubtype != nil, filter.notificationType == nil {
            throw .usage("--subtype needs --type (Apple takes a subtype only with its type)", command: command)
        }
        filter.transactionID = arguments.value("transaction-id")
        filter.onlyFailures = arguments.has("only-failures")
        return filter
    }

    /// `text` as one of `allowed` (any case), in Apple's spelling.
    private static func oneOf(_ text: String, _ allowed: [String], _ option: String, _ command: String) throws(CLIError)
        -> String
    {
        guard allowed.contains(text.uppercased()) else {
            throw .usage(
                "\(option) must be one of \(allowed.joined(separator: ", ")) (any case), not '\(text)'", command: command)
        }
        return text.uppercased()
    }

    /// A time option as milliseconds since 1970.
    private static func time(_ arguments: ParsedArguments, _ option: String, command: String) throws(CLIError) -> Int64? {
        guard let text = arguments.value(option) else { return nil }
        if text == "now" { return TimeAndPeriodOptions.now().milliseconds }
        do throws(ReceiptDateParser.Failure) {
            return try TimeAndPeriodOptions.parse(text).milliseconds
        } catch {
            throw .usage("--\(option) needs an RFC 3339 time, milliseconds since 1970 or now (\(error.reason))", command: command)
        }
    }
}
