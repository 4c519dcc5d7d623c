/// Why an App Store Server API call gave no (more) answers. The text names the environment, the endpoint's path
/// and Apple's error code in words; it never carries the key or a token.
package enum AppStoreServerAPIFailure: Error, Sendable, CustomStringConvertible {
    case invalidURL(String)
    /// Plain http to a host other than loopback would send the bearer token in the clear.
    case plainHTTP(String)
    case invalidTimeout(Double)
    case token(AppStoreServerAPIToken.Failure)
    case unreachable(environment: String, path: String, reason: String, attempts: Int)
    case keepsRetrying(environment: String, path: String, status: Int, code: AppStoreServerAPIErrorCode?, attempts: Int)
    /// 429 with a `Retry-After` longer than the client waits.
    case rateLimited(environment: String, path: String, retryAfter: Int, longest: Int)
    case unauthorized(environment: String, path: String)
    /// A non-retryable error answer: HTTP status and Apple's code when the body named one.
    case apple(environment: String, path: String, status: Int, code: AppStoreServerAPIErrorCode?)
    case notAnAnswer(environment: String, path: String, reason: String)
    case pagination(environment: String, path: String, reason: String)

    /// Whether the same call may succeed later (exit 69 in the CLI).
    package var isRetryable: Bool {
        switch self {
        case .unreachable, .keepsRetrying, .rateLimited: return true
        case .apple(_, _, let status, let code): return code?.isRetryable ?? (status >= 500)
        default: return false
        }
    }

    package var description: String {
        switch self {
        case .invalidURL(let url):
            return "invalid App Store Server API URL '\(HTTPEndpoint.redactingCredentials(url))'"
        case .plainHTTP(let url):
            return "\(url): plain http is allowed only to a loopback address (the request carries a bearer token); use https"
        case .invalidTimeout(let seconds):
            return "timeout \(seconds) s is outside the supported range (0.001 to 86400 seconds); no request was sent"
        case .token(let failure): return "cannot make the API token: \(failure)"
        case .unreachable(let environment, let path, let reason, let attempts):
            return "\(environment) \(path) could not be reached after \(attempts) attempt(s): \(reason)"
        case .keepsRetrying(let environment, let path, let status, let code, let attempts):
            return
                "\(environment) \(path) kept answering HTTP \(status)\(code.map { " (\($0))" } ?? "") after \(attempts) attempt(s)"
        case .rateLimited(let environment, let path, let retryAfter, let longest):
            return
                "\(environment) \(path): rate limited (HTTP 429) with Retry-After \(retryAfter) s, longer than the \(longest) s this tool waits; try again later"
        case .unauthorized(let environment, let path):
            return "\(environment) \(path) answered HTTP 401 (unauthorized): check the key id (--key-id), the issuer id "
                + "(--issuer-id) and the bundle id (--bundle-id), and that the key is an In-App Purchase key of that team"
        case .apple(let environment, let path, let status, let code):
            return "\(environment) \(path) answered HTTP \(status)\(code.map { ": \($0)" } ?? " without an error code")"
        case .notAnAnswer(let environment, let path, let reason):
            return "\(environment) \(path) answered with something that is not an App Store Server API answer: \(reason)"
        case .pagination(let environment, let path, let reason):
            return "\(environment) \(path): \(reason)"
        }
    }
}
