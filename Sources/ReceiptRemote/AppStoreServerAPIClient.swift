package import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Calls the App Store Server API's read-only endpoints and verifies every signed item in the answers.
///
/// Each request carries a fresh ES256 token (``AppStoreServerAPIToken``). Paged answers are followed to the end
/// or to ``Configuration/limit`` items, each item handed over as soon as its page is verified, in Apple's order.
/// 429 waits for `Retry-After` (up to ``Configuration/longestRetryAfter``); 5xx, Apple's retryable codes and
/// network errors are tried again after a bounded exponential back-off. Under ``AppStoreServerAPIEnvironment/Choice/auto``
/// a "not found" from production (4040010 and its siblings) asks the sandbox.
package struct AppStoreServerAPIClient: Sendable {
    package struct Configuration: Sendable {
        package var environment = AppStoreServerAPIEnvironment.Choice.auto
        /// Instead of Apple's hosts: `URL/production` and `URL/sandbox` (plain http for loopback only).
        package var baseURL: String?
        /// Seconds for one whole request, and for connecting, within ``VerifyReceiptClient/Configuration/timeoutRange``.
        package var timeout: Double = 30
        package var connectTimeout: Double = 10
        /// Attempts per request, the first included.
        package var maximumAttempts = 4
        /// Seconds before the second attempt, doubled for each one after, never more than ``longestBackoff``.
        package var firstBackoff: Double = 0.5
        package var longestBackoff: Double = 8
        /// The longest `Retry-After` that is waited out; a longer one ends the call (exit 69).
        package var longestRetryAfter = 60
        /// Items to hand over at most (nil: all); pages stop being asked for once it is reached.
        package var limit: Int?
        /// Pages to read at most, whatever `hasMore` says (a server that never stops is not followed forever).
        package var maximumPages = 10_000
        package var trustedCertificates = TrustedCertificates()
        /// How the client waits (tests pass one that only records).
        package var sleep: @Sendable (Double) -> Void = { VerifyReceiptClient.pause(seconds: $0) }
        /// Seconds since 1970, for the tokens' `iat`.
        package var now: @Sendable () -> Int64 = { Int64(time(nil)) }

        package init() {}
    }

    package let configuration: Configuration
    let token: AppStoreServerAPIToken
    let key: ECDSASigningKey

    package init(configuration: Configuration, token: AppStoreServerAPIToken, key: ECDSASigningKey) {
        self.configuration = configuration
        self.token = token
        self.key = key
    }

    /// Runs `call`, handing each verified item to `each` as its page arrives; `each` returning false stops the
    /// call there (hasMore then says whether Apple had more). Without a verifier no item is handed over: the
    /// caller reads ``AppStoreServerAPIOutcome/lastPage`` and verifies it itself.
    package func run(
        _ call: AppStoreServerAPICall, verifier: SignedDataVerifier?, each: (AppStoreServerAPIItem) -> Bool
    ) throws(AppStoreServerAPIFailure) -> AppStoreServerAPIOutcome {
        guard VerifyReceiptClient.Configuration.timeoutRange.contains(configuration.timeout),
            VerifyReceiptClient.Configuration.timeoutRange.contains(configuration.connectTimeout)
        else { throw .invalidTimeout(configuration.timeout) }
        var session = AppStoreServerAPISession(client: self, call: call)
        let order = configuration.environment.order
        var first: (AppStoreServerAPIEnvironment, JSONValue)? = nil
        for (index, environment) in order.enumerated() {
            do throws(AppStoreServerAPIFailure) {
                first = (environment, try session.page(environment, continuation: nil))
                break
            } catch {
                guard index + 1 < order.count, case .apple(_, _, _, let code?) = error, code.isNotFound else { throw error }
            }
        }
        guard let (environment, answer) = first else { throw .invalidURL("") }
        return try session.follow(from: answer, in: environment, verifier: verifier, each: each)
    }

    /// The base URL of `environment`.
    func baseURL(_ environment: AppStoreServerAPIEnvironment) -> String {
        guard let base = configuration.baseURL else { return environment.appleURL }
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        return trimmed + "/" + environment.rawValue.lowercased()
    }

    /// The bearer token of one request: fresh, five minutes long.
    func bearer() throws(AppStoreServerAPIFailure) -> String {
        do throws(AppStoreServerAPIToken.Failure) {
            return try token.token(signedWith: key, issuedAt: configuration.now())
        } catch {
            throw .token(error)
        }
    }

    /// The pause before attempt `attempt` (2, 3 ...): the first back-off, doubled each time, bounded.
    func backoff(before attempt: Int) -> Double {
        var seconds = max(0, configuration.firstBackoff)
        for _ in 0..<max(0, min(attempt - 2, 30)) { seconds *= 2 }
        return min(seconds, configuration.longestBackoff)
    }
}
