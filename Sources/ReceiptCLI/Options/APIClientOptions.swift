import ArgumentParser
import ReceiptKit
import ReceiptRemote

/// Who asks the App Store Server API and where: the In-App Purchase key and its ids (an option, else its
/// environment variable), the bundle id, the environment and the URL. `api`, `compare --api` and
/// `subscriptions --api` take these; each adds its own trust options.
struct APIClientOptions: ParsableArguments {
    @Option(
        name: .customLong("key-file"),
        help: ArgumentHelp("The In-App Purchase key (.p8); else APPRECEIPT_API_KEY_FILE.", valueName: "file"))
    var keyFile: String?

    @Option(name: .customLong("key-id"), help: ArgumentHelp("The key's id; else APPRECEIPT_API_KEY_ID.", valueName: "id"))
    var keyID: String?

    @Option(
        name: .customLong("issuer-id"),
        help: ArgumentHelp(
            "The team's issuer id (App Store Connect, Users and Access, Integrations); else APPRECEIPT_API_ISSUER_ID.",
            valueName: "id"))
    var issuerID: String?

    @Option(
        name: .customLong("bundle-id"),
        help: ArgumentHelp("The app's bundle id: the token's bid, and required of every item.", valueName: "id"))
    var bundleID: String?

    @Option(
        help: ArgumentHelp(
            "Which App Store to ask (default auto: production, then sandbox on not found).",
            valueName: "production|sandbox|auto"))
    var environment: String?

    @Option(
        name: .customLong("api-url"),
        help: ArgumentHelp(
            "Ask URL/production and URL/sandbox instead of Apple (a stand-in; http for loopback only).", valueName: "url"))
    var apiURL: String?

    /// Whether any of these was given (for the commands where they only mean something with --api).
    var anyGiven: Bool { [keyFile, keyID, issuerID, bundleID, environment, apiURL].contains { $0 != nil } }

    /// The client: the key read from its file (its bytes go to the signing key and nowhere else), the ids, the
    /// environment, URL, limit and timeout.
    func client(environment variables: [String: String], limit: Int? = nil, timeout: String? = nil) throws(CLIError)
        -> AppStoreServerAPIClient
    {
        func setting(_ value: String?, _ option: String, _ variable: String?) throws(CLIError) -> String {
            if let value = value ?? variable.flatMap({ variables[$0] }), !value.isEmpty { return value }
            throw .usage("this needs \(option)\(variable.map { " or \($0)" } ?? "")")
        }
        let keyFile = try setting(self.keyFile, "--key-file", "APPRECEIPT_API_KEY_FILE")
        let token = AppStoreServerAPIToken(
            keyID: try setting(keyID, "--key-id", "APPRECEIPT_API_KEY_ID"),
            issuerID: try setting(issuerID, "--issuer-id", "APPRECEIPT_API_ISSUER_ID"),
            bundleID: try setting(bundleID, "--bundle-id", nil))
        let pem = try FileReader.read(path: keyFile)
        let key: ECDSASigningKey
        do throws(ECDSASigningKey.Failure) {
            key = try ECDSASigningKey(pkcs8: pem)
        } catch {
            throw .failure("the In-App Purchase key \(keyFile): \(error)", .dataError)
        }
        var configuration = AppStoreServerAPIClient.Configuration()
        configuration.environment = try choice()
        configuration.baseURL = apiURL
        configuration.limit = limit
        if let timeout {
            guard let seconds = Double(timeout), seconds > 0, seconds <= 86_400 else {
                throw .usage("--timeout needs a positive number of seconds (at most 86400), not '\(timeout)'")
            }
            configuration.timeout = seconds
            configuration.connectTimeout = min(seconds, configuration.connectTimeout)
        }
        configuration.trustedCertificates = TrustedCertificates(
            file: variables["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 },
            directory: variables["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 })
        return AppStoreServerAPIClient(configuration: configuration, token: token, key: key)
    }

    func choice() throws(CLIError) -> AppStoreServerAPIEnvironment.Choice {
        guard let environment else { return .auto }
        guard let choice = AppStoreServerAPIEnvironment.Choice(rawValue: environment.lowercased()) else {
            throw .usage("--environment must be production, sandbox or auto, not '\(environment)'")
        }
        return choice
    }

    /// The trust of `trust` and `--bundle-id` required of every item: how the answers' items are verified.
    func verifier(_ trust: TrustOptions, time: TimeOptions) throws(CLIError) -> SignedDataVerifier {
        var policy = try trust.policy(at: time)
        policy.bundleIDs = bundleID.map { [$0] } ?? []
        return SignedDataVerifier(policy: policy)
    }

    /// The exit status of a failed call: 69 when it may succeed later, 64 for a URL or timeout that was never
    /// usable, 1 when Apple refused (an error code, 401) or a token could not be made.
    static func exitCode(_ failure: AppStoreServerAPIFailure) -> ExitCode {
        if failure.isRetryable { return .unavailable }
        switch failure {
        case .invalidURL, .plainHTTP, .invalidTimeout: return .usage
        case .notAnAnswer, .pagination: return .unavailable
        default: return .negative
        }
    }
}
