#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Calls Apple's verifyReceipt: production first, sandbox on 21007, production again on 21008 (each once), with
/// bounded retries and backoff on transport errors, HTTP 5xx, 21005, 21009 and retryable 21100-21199.
///
/// The shared secret goes into the request body and nowhere else: no error, exchange record or log carries it.
public struct VerifyReceiptClient: Sendable {
    /// Apple's endpoints (receipt-format.md §6.1).
    public static let appleProduction = "https://buy.itunes.apple.com/verifyReceipt"
    public static let appleSandbox = "https://sandbox.itunes.apple.com/verifyReceipt"

    public struct Configuration: Sendable {
        public var productionURL: String = VerifyReceiptClient.appleProduction
        public var sandboxURL: String = VerifyReceiptClient.appleSandbox
        /// Seconds before one request is abandoned, within ``timeoutRange``.
        public var timeout: Double = 30
        /// Timeouts the transport is asked to keep: a day at most (an infinite or absurd one is refused before any
        /// request, rather than turned into a socket limit).
        public static let timeoutRange: ClosedRange<Double> = 0.001...86_400
        /// Attempts per endpoint, the first included.
        public var maximumAttempts = 3
        /// Pause before the second, third ... attempt, in seconds.
        public var backoff: [Double] = [0.5, 1.5, 3]

        public init() {}
    }

    /// One request made, for the report.
    public struct Exchange: Sendable {
        public let environment: String
        public let url: String
        public let httpStatus: Int?
        public let status: Int?
        /// Transport trouble or a retryable answer, in words.
        public let problem: String?
    }

    /// Why no usable answer came back. All of these map to "verifier unavailable" (exit 69) in the CLI.
    public enum ClientError: Error, Sendable, CustomStringConvertible {
        case invalidURL(String)
        case unreachable(url: String, reason: String, attempts: Int)
        case keepsRetrying(url: String, status: Int, attempts: Int)
        case notJSON(url: String, httpStatus: Int, reason: String)
        case invalidTimeout(Double)

        public var description: String {
            switch self {
            case .invalidURL(let url): return "invalid verifier URL \(HTTPEndpoint.redactingCredentials(url))"
            case .unreachable(let url, let reason, let attempts):
                return "\(url) could not be reached after \(attempts) attempt(s): \(reason)"
            case .keepsRetrying(let url, let status, let attempts):
                return "\(url) kept answering \(status) (\(VerifyReceiptStatus.meaning(of: status))) after \(attempts) attempt(s)"
            case .notJSON(let url, let httpStatus, let reason):
                return "\(url) answered HTTP \(httpStatus) with a body that is not JSON (\(reason))"
            case .invalidTimeout(let seconds):
                return "timeout \(seconds) s is outside the supported range (0.001 to 86400 seconds); no request was sent"
            }
        }
    }

    /// The final answer: the parsed response, its raw bytes (for --save-response) and every request made.
    public struct Outcome: Sendable {
        public let response: VerifyReceiptResponse
        public let body: [UInt8]
        public let exchanges: [Exchange]
    }

    public let configuration: Configuration

    public init(configuration: Configuration = Configuration()) { self.configuration = configuration }

    public func verify(receiptData: String, password: String?, excludeOldTransactions: Bool) throws(ClientError) -> Outcome {
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
        var lastProblem = ""
        var lastStatus: Int? = nil
        for attempt in 1...max(1, configuration.maximumAttempts) {
            if attempt > 1, !configuration.backoff.isEmpty {
                let pause = configuration.backoff[min(attempt - 2, configuration.backoff.count - 1)]
                Self.pause(seconds: pause)
            }
            let result = HTTPPost.send(body, to: endpoint, timeout: configuration.timeout)
            switch result {
            case .failure(let reason):
                lastProblem = reason
                exchanges.append(Exchange(environment: environment, url: url, httpStatus: nil, status: nil, problem: reason))
                continue
            case .success(let httpStatus, let bytes):
                if httpStatus >= 500 {
                    lastProblem = "HTTP \(httpStatus)"
                    exchanges.append(
                        Exchange(environment: environment, url: url, httpStatus: httpStatus, status: nil, problem: lastProblem))
                    continue
                }
                let response: VerifyReceiptResponse
                do throws(VerifyReceiptResponse.ReadFailure) {
                    response = try VerifyReceiptResponse.read(bytes)
                } catch {
                    let problem: String
                    switch error {
                    case .json: problem = "not JSON"
                    case .response(let failure): problem = failure.description
                    }
                    exchanges.append(
                        Exchange(environment: environment, url: url, httpStatus: httpStatus, status: nil, problem: problem))
                    throw .notJSON(url: url, httpStatus: httpStatus, reason: error.description)
                }
                if VerifyReceiptStatus.isRetryable(response.status, flag: response.isRetryable) {
                    lastStatus = response.status
                    exchanges.append(
                        Exchange(
                            environment: environment, url: url, httpStatus: httpStatus, status: response.status,
                            problem: "retryable"))
                    continue
                }
                exchanges.append(
                    Exchange(environment: environment, url: url, httpStatus: httpStatus, status: response.status, problem: nil))
                return (response, bytes)
            }
        }
        if let lastStatus, exchanges.last?.status == lastStatus {
            throw .keepsRetrying(url: url, status: lastStatus, attempts: configuration.maximumAttempts)
        }
        throw .unreachable(url: url, reason: lastProblem, attempts: configuration.maximumAttempts)
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
