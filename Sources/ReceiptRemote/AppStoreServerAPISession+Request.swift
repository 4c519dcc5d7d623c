internal import ReceiptKit

extension AppStoreServerAPISession {
    /// What one attempt came to.
    private enum Attempt {
        case answer(JSONValue)
        /// Try again after `pause` seconds.
        case retry(pause: Double, status: Int?, code: AppStoreServerAPIErrorCode?, problem: String)
    }

    /// One page from `environment` (the first when `continuation` is nil), tried again while it may yet succeed.
    mutating func page(_ environment: AppStoreServerAPIEnvironment, continuation: String?) throws(AppStoreServerAPIFailure)
        -> JSONValue
    {
        if asked.last != environment { asked.append(environment) }
        let request = try self.request(environment, continuation: continuation)
        let attempts = max(1, client.configuration.maximumAttempts)
        var last: (status: Int?, code: AppStoreServerAPIErrorCode?, problem: String) = (nil, nil, "")
        for attempt in 1...attempts {
            switch try self.attempt(request, environment) {
            case .answer(let answer):
                return answer
            case .retry(let pause, let status, let code, let problem):
                last = (status, code, problem)
                if attempt < attempts { client.configuration.sleep(pause.isNaN ? client.backoff(before: attempt + 1) : pause) }
            }
        }
        if let status = last.status {
            throw .keepsRetrying(
                environment: environment.rawValue, path: call.path, status: status, code: last.code, attempts: attempts)
        }
        throw .unreachable(environment: environment.rawValue, path: call.path, reason: last.problem, attempts: attempts)
    }

    /// The request for one page, without its token (each attempt gets its own).
    private func request(_ environment: AppStoreServerAPIEnvironment, continuation: String?) throws(AppStoreServerAPIFailure)
        -> (url: String, endpoint: HTTPEndpoint)
    {
        let query = call.query(continuation: continuation)
        let url = client.baseURL(environment) + call.path + (query.isEmpty ? "" : "?" + query)
        guard let endpoint = HTTPEndpoint(url) else { throw .invalidURL(url) }
        guard endpoint.secure || endpoint.isLoopback else { throw .plainHTTP(client.baseURL(environment)) }
        return (url, endpoint)
    }

    /// One request with a fresh token, recorded; what it came to.
    private mutating func attempt(_ target: (url: String, endpoint: HTTPEndpoint), _ environment: AppStoreServerAPIEnvironment)
        throws(AppStoreServerAPIFailure) -> Attempt
    {
        let configuration = client.configuration
        var headers = ["Authorization: Bearer \(try client.bearer())", "Accept: application/json", "User-Agent: appreceipt"]
        if call.method == .post { headers.append("Content-Type: application/json") }
        let request = HTTPRequest(
            endpoint: target.endpoint, method: call.method, body: call.body, headers: headers, timeout: configuration.timeout,
            connectTimeout: configuration.connectTimeout, maximumResponseSize: Limits.maximumInputSize,
            trust: configuration.trustedCertificates)
        let response: HTTPResponse
        do throws(HTTPTransportError) {
            response = try HTTPClient.send(request)
        } catch {
            record(environment, nil, nil, error.description)
            return .retry(pause: .nan, status: nil, code: nil, problem: error.description)
        }
        return try judge(response, environment)
    }

    /// An answer, a reason to try again, or the error that ends the call.
    private mutating func judge(_ response: HTTPResponse, _ environment: AppStoreServerAPIEnvironment)
        throws(AppStoreServerAPIFailure) -> Attempt
    {
        let parsed = try? JSONParser.parse(response.body)
        let code = (parsed?["errorCode"]?.int64Value).map(AppStoreServerAPIErrorCode.init)
        let name = environment.rawValue
        if response.isSuccess {
            guard let parsed else {
                record(environment, response.status, nil, "not JSON")
                throw .notAnAnswer(
                    environment: name, path: call.path, reason: "HTTP \(response.status) with a body that is not JSON")
            }
            record(environment, response.status, nil, nil)
            return .answer(parsed)
        }
        switch response.status {
        case 401:
            record(environment, 401, code?.code, "unauthorized")
            throw .unauthorized(environment: name, path: call.path)
        case 429:
            let wait = response.retryAfterSeconds
            record(environment, 429, code?.code, "rate limited")
            if let wait, wait > client.configuration.longestRetryAfter {
                throw .rateLimited(
                    environment: name, path: call.path, retryAfter: wait, longest: client.configuration.longestRetryAfter)
            }
            return .retry(pause: wait.map(Double.init) ?? .nan, status: 429, code: code, problem: "HTTP 429")
        case 500...599:
            record(environment, response.status, code?.code, "HTTP \(response.status)")
            return .retry(pause: .nan, status: response.status, code: code, problem: "HTTP \(response.status)")
        default:
            record(environment, response.status, code?.code, code.map { "\($0)" } ?? "HTTP \(response.status)")
            if let code, code.isRetryable {
                return .retry(pause: .nan, status: response.status, code: code, problem: "\(code)")
            }
            throw .apple(environment: name, path: call.path, status: response.status, code: code)
        }
    }

    private mutating func record(
        _ environment: AppStoreServerAPIEnvironment, _ status: Int?, _ code: Int64?, _ problem: String?
    ) {
        exchanges.append(
            AppStoreServerAPIExchange(
                environment: environment, method: call.method.rawValue, path: call.path, httpStatus: status, errorCode: code,
                problem: problem))
    }
}
