internal import ReceiptKit

/// One call in progress: its requests with their retries, and the pages followed after the first.
struct AppStoreServerAPISession {
    let client: AppStoreServerAPIClient
    let call: AppStoreServerAPICall
    var exchanges: [AppStoreServerAPIExchange] = []
    var asked: [AppStoreServerAPIEnvironment] = []

    init(client: AppStoreServerAPIClient, call: AppStoreServerAPICall) {
        self.client = client
        self.call = call
    }

    private var configuration: AppStoreServerAPIClient.Configuration { client.configuration }

    /// Hands over the items of `answer` and of every page after it, to the end, the limit or `each`'s stop.
    mutating func follow(
        from answer: JSONValue, in environment: AppStoreServerAPIEnvironment, verifier: SignedDataVerifier?,
        each: (AppStoreServerAPIItem) -> Bool
    ) throws(AppStoreServerAPIFailure) -> AppStoreServerAPIOutcome {
        var answer = answer
        var pages = 1
        var items = 0
        var seen: Set<String> = []
        var stopped = false
        while true {
            let body = try self.body(answer, environment)
            let report = body.flatMap { verifier?.verify($0) }
            for item in report?.items ?? [] {
                if let limit = configuration.limit, items >= limit {
                    stopped = true
                    break
                }
                items += 1
                let beside = Self.beside(item.path, in: answer)
                guard each(AppStoreServerAPIItem(environment: environment, page: pages, report: item, beside: beside)) else {
                    stopped = true
                    break
                }
            }
            let hasMore = answer["hasMore"] == .bool(true) && call.paging != .single
            guard hasMore, !stopped, pages < configuration.maximumPages, !(configuration.limit.map { items >= $0 } ?? false)
            else {
                return AppStoreServerAPIOutcome(
                    environment: environment, asked: asked, pages: pages, items: items, hasMore: hasMore || stopped,
                    lastAnswer: SignedDataBodyReport.withoutSignedItems(answer), lastPage: answer, exchanges: exchanges)
            }
            let next = try continuation(answer, environment, seen: seen)
            seen.insert(next)
            answer = try page(environment, continuation: next)
            pages += 1
        }
    }

    /// The revision or pagination token that asks for the next page: present, and not one already followed.
    private func continuation(_ answer: JSONValue, _ environment: AppStoreServerAPIEnvironment, seen: Set<String>)
        throws(AppStoreServerAPIFailure) -> String
    {
        let key = call.paging == .paginationToken ? "paginationToken" : "revision"
        guard case .string(let next)? = answer[key], !next.isEmpty else {
            throw .pagination(
                environment: environment.rawValue, path: call.path, reason: "hasMore is true but the answer has no \(key)")
        }
        guard !seen.contains(next) else {
            throw .pagination(
                environment: environment.rawValue, path: call.path,
                reason: "the answer sends back a \(key) already followed (the pages would never end)")
        }
        return next
    }

    /// The answer's signed items as its endpoint's shape; nil for an answer that carries none by design.
    private func body(_ answer: JSONValue, _ environment: AppStoreServerAPIEnvironment) throws(AppStoreServerAPIFailure)
        -> SignedDataBody?
    {
        guard let kind = call.answerKind else { return nil }
        guard let object = answer.objectValue else {
            throw .notAnAnswer(environment: environment.rawValue, path: call.path, reason: "not a JSON object")
        }
        do throws(InputError) {
            return try SignedDataBody.serverAPIAnswer(object, kind: kind)
        } catch {
            throw .notAnAnswer(environment: environment.rawValue, path: call.path, reason: "\(error)")
        }
    }

    /// What sits unsigned beside a notification history entry's `signedPayload` (`sendAttempts` ...).
    static func beside(_ path: String, in answer: JSONValue) -> JSONValue? {
        let prefix = "notificationHistory["
        guard path.hasPrefix(prefix), let close = path.firstIndex(of: "]"),
            let index = Int(path[path.index(path.startIndex, offsetBy: prefix.count)..<close]),
            let entries = answer["notificationHistory"]?.arrayValue, entries.indices.contains(index),
            case .object(var members) = entries[index]
        else { return nil }
        members["signedPayload"] = nil
        return members.isEmpty ? nil : .object(members)
    }
}
