import ReceiptKit
import ReceiptRemote

extension APICallOptions {
    /// The client: the key and ids (an option, else its environment variable), the environment, URL, limit and
    /// timeout. The key file's bytes go to the signing key and nowhere else.
    static func client(_ arguments: ParsedArguments, environment: [String: String], command: String) throws(CLIError)
        -> AppStoreServerAPIClient
    {
        func setting(_ option: String, _ variable: String) throws(CLIError) -> String {
            if let value = arguments.value(option) ?? environment[variable], !value.isEmpty { return value }
            throw .usage("api needs --\(option) or \(variable)", command: command)
        }
        let keyFile = try setting("key-file", "APPRECEIPT_API_KEY_FILE")
        let token = AppStoreServerAPIToken(
            keyID: try setting("key-id", "APPRECEIPT_API_KEY_ID"), issuerID: try setting("issuer-id", "APPRECEIPT_API_ISSUER_ID"),
            bundleID: try bundleID(arguments, command: command))
        let pem = try FileReader.read(path: keyFile)
        let key: ECDSASigningKey
        do throws(ECDSASigningKey.Failure) {
            key = try ECDSASigningKey(pkcs8: pem)
        } catch {
            throw .failure("the In-App Purchase key \(keyFile): \(error)", .dataError)
        }
        return AppStoreServerAPIClient(
            configuration: try configuration(arguments, environment: environment, command: command), token: token, key: key)
    }

    /// `--bundle-id`, once: the token's `bid` is one app.
    private static func bundleID(_ arguments: ParsedArguments, command: String) throws(CLIError) -> String {
        let given = arguments.all("bundle-id")
        guard given.count == 1, let id = given.first, !id.isEmpty else {
            throw .usage("api needs --bundle-id ID, once (the app whose purchases to ask about)", command: command)
        }
        return id
    }

    private static func configuration(_ arguments: ParsedArguments, environment: [String: String], command: String)
        throws(CLIError) -> AppStoreServerAPIClient.Configuration
    {
        var configuration = AppStoreServerAPIClient.Configuration()
        if let text = arguments.value("environment") {
            guard let choice = AppStoreServerAPIEnvironment.Choice(rawValue: text.lowercased()) else {
                throw .usage("--environment must be production, sandbox or auto, not '\(text)'", command: command)
            }
            configuration.environment = choice
        }
        configuration.baseURL = arguments.value("api-url")
        configuration.limit = try arguments.positiveInteger("limit", command: command)
        if let text = arguments.value("timeout") {
            guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
                throw .usage("--timeout needs a positive number of seconds (at most 86400), not '\(text)'", command: command)
            }
            configuration.timeout = seconds
            configuration.connectTimeout = min(seconds, configuration.connectTimeout)
        }
        configuration.trustedCertificates = TrustedCertificates(
            file: environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 },
            directory: environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 })
        return configuration
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
