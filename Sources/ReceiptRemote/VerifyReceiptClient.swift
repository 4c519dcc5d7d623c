package import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Calls Apple's verifyReceipt: production first, sandbox on 21007, production again on 21008 (each once), with
/// bounded retries and backoff on transport errors, HTTP 5xx, 21005, 21009 and retryable 21100-21199.
///
/// The shared secret goes into the request body and nowhere else: no error, exchange record or log carries it.
package struct VerifyReceiptClient: Sendable {
    /// Apple's endpoints (receipt-format.md §6.1).
    package static let appleProduction = "https://buy.itunes.apple.com/verifyReceipt"
    package static let appleSandbox = "https://sandbox.itunes.apple.com/verifyReceipt"

    package struct Configuration: Sendable {
        package var productionURL: String = VerifyReceiptClient.appleProduction
        package var sandboxURL: String = VerifyReceiptClient.appleSandbox
        /// Seconds before one request is abandoned, within ``timeoutRange``.
        package var timeout: Double = 30
        /// Timeouts the transport is asked to keep: a day at most (an infinite or absurd one is refused before any
        /// request, rather than turned into a socket limit).
        package static let timeoutRange: ClosedRange<Double> = 0.001...86_400
        /// Attempts per endpoint, the first included.
        package var maximumAttempts = 3
        /// Pause before the second, third ... attempt, in seconds.
        package var backoff: [Double] = [0.5, 1.5, 3]
        /// The certificates a verifier's TLS certificate must chain to: the system's unless set.
        package var trustedCertificates = TrustedCertificates()

        package init() {}
    }

    /// One request made, for the report (the model lives in ReceiptKit, which writes the report).
    package typealias Exchange = VerifyReceiptExchange

    /// Why no usable answer came back. All of these map to "verifier unavailable" (exit 69) in the CLI.
    package enum ClientError: Error, Sendable, CustomStringConvertible {
        case invalidURL(String)
        case unreachable(url: String, reason: String, attempts: Int)
        case keepsRetrying(url: String, status: Int, attempts: Int)
        case notJSON(url: String, httpStatus: Int, reason: String)
        /// A status outside 2xx (other than a retried 5xx): its body is not Apple's answer, whatever it holds.
        case notAnAnswer(url: String, httpStatus: Int)
        case invalidTimeout(Double)

        package var description: String {
            switch self {
            case .invalidURL(let url):
                let quoted = HTTPEndpoint.redactingCredentials(url)
                guard HTTPEndpoint.hasCredentials(url) else { return "invalid verifier URL \(quoted)" }
                return "invalid verifier URL \(quoted): credentials (user:password@) are not allowed in the URL"
            case .unreachable(let url, let reason, let attempts):
                return "\(url) could not be reached after \(attempts) attempt(s): \(reason)"
            case .keepsRetrying(let url, let status, let attempts):
                return "\(url) kept answering \(status) (\(VerifyReceiptStatus.meaning(of: status))) after \(attempts) attempt(s)"
            case .notJSON(let url, let httpStatus, let reason):
                return "\(url) answered HTTP \(httpStatus) with a body that is not JSON (\(reason))"
            case .notAnAnswer(let url, let httpStatus):
                return "\(url) answered HTTP \(httpStatus); only a 2xx answer is read as Apple's (redirects are not followed)"
            case .invalidTimeout(let seconds):
                return "timeout \(seconds) s is outside the supported range (0.001 to 86400 seconds); no request was sent"
            }
        }
    }

    /// The final answer: the parsed response, its raw bytes (for --save-response) and every request made.
    package struct Outcome: Sendable {
        package let response: VerifyReceiptResponse
        package let body: [UInt8]
        package let exchanges: [Exchange]
    }

    package let configuration: Configuration

    package init(configuration: Configuration = Configuration()) { self.configuration = configuration }

    package func verify(receiptData: String, password: String?, excludeOldTransactions: Bool) throws(ClientError) -> Outcome {
        guard Configuration.timeoutRange.contains(configuration.timeout) else { throw .invalidTimeout(configuration.timeout) }
        var request: [String: JSONValue] = ["receipt-data": .string(receiptData)]
        if let password { request["password"] = .string(password) }
        if excludeOldTransactions { request["exclude-old-transactions"] = .bool(true) }
        let body = Array(JSONValue.object(request).text(pretty: false).utf8)
        var exchanges: [Exchange] = []
        var environment = "Production"
        var followed21007 = false
        var followed21008 = false
        while true {
            let url = environment == "Production" ? configuration.productionURL : configuration.sandboxURL
            let (response, raw) = try send(body, to: url, environment: environment, exchanges: &exchanges)
            if response.status == 21007, environment == "Production", !followed21007 {
                followed21007 = true
                environment = "Sandbox"
                continue
            }
            if response.status == 21008, environment == "Sandbox", !followed21008 {
                followed21008 = true
                environment = "Production"
                continue
            }
            return Outcome(response: response, body: raw, exchanges: exchanges)
        }
    }

    /// One endpoint, retried on transport errors, HTTP 5xx and retryable statuses.
    private func send(_ body: [UInt8], to url: String, environment: String, exchanges: inout [Exchange]) throws(ClientError)
        -> (VerifyReceiptResponse, [UInt8])
    {
        guard let endpoint = HTTPEndpoint(url) else { throw .invalidURL(url) }
        let request = HTTPRequest(
            endpoint: endpoint, body: body,
            headers: ["Content-Type: application/json", "Accept: application/json", "User-Agent: appreceipt"],
            timeout: configuration.timeout, maximumResponseSize: Self.maximumResponseSize,
            trust: configuration.trustedCertificates)
        var lastProblem = ""
        var lastStatus: Int? = nil
        for attempt in 1...max(1, configuration.maximumAttempts) {
            if attempt > 1, !configuration.backoff.isEmpty {
                Self.pause(seconds: configuration.backoff[min(attempt - 2, configuration.backoff.count - 1)])
            }
            let exchange = try self.exchange(request, url: url, environment: environment)
            exchanges.append(exchange.record)
            switch exchange.result {
            case .retry(let problem, let status):
                lastProblem = problem
                lastStatus = status
            case .answer(let response, let bytes):
                return (response, bytes)
            }
        }
        if let lastStatus, exchanges.last?.status == lastStatus {
            throw .keepsRetrying(url: url, status: lastStatus, attempts: configuration.maximumAttempts)
        }
        throw .unreachable(url: url, reason: lastProblem, attempts: configuration.maximumAttempts)
    }

    /// The most a verifyReceipt answer may take, head and body: as much as any input the tool reads, so that a
    /// saved answer (`--save-response`) can always be read back with `--response`.
    static let maximumResponseSize = Limits.maximumInputSize

    /// What one attempt came to: Apple's answer, or a reason to try again.
    private enum AttemptResult {
        case retry(problem: String, status: Int?)
        case answer(VerifyReceiptResponse, [UInt8])
    }

    /// One request, its record for the report, and what it came to; throws when no attempt can do better.
    private func exchange(_ request: HTTPRequest, url: String, environment: String) throws(ClientError)
        -> (record: Exchange, result: AttemptResult)
    {
        func record(_ httpStatus: Int?, _ status: Int?, _ problem: String?) -> Exchange {
            Exchange(environment: environment, url: url, httpStatus: httpStatus, status: status, problem: problem)
        }
        let answer: HTTPResponse
        do throws(HTTPTransportError) {
            answer = try HTTPClient.send(request)
        } catch {
            return (record(nil, nil, error.description), .retry(problem: error.description, status: nil))
        }
        if answer.status >= 500 {
            let problem = "HTTP \(answer.status)"
            return (record(answer.status, nil, problem), .retry(problem: problem, status: nil))
        }
        guard answer.isSuccess else { throw .notAnAnswer(url: url, httpStatus: answer.status) }
        let response: VerifyReceiptResponse
        do throws(VerifyReceiptResponse.ReadFailure) {
            response = try VerifyReceiptResponse.read(answer.body)
        } catch {
            throw .notJSON(url: url, httpStatus: answer.status, reason: error.description)
        }
        if VerifyReceiptStatus.isRetryable(response.status, flag: response.isRetryable) {
            return (record(answer.status, response.status, "retryable"), .retry(problem: "", status: response.status))
        }
        return (record(answer.status, response.status, nil), .answer(response, answer.body))
    }

    /// Waits `seconds` (a retry's back-off), going back to sleep for the rest when a signal interrupts.
    static func pause(seconds: Double) {
        guard seconds > 0 else { return }
        let whole = min(seconds.rounded(.down), 86_400)
        var request = timespec(tv_sec: Int(whole), tv_nsec: Int(min(seconds - whole, 0.999_999_999) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
    }
}
