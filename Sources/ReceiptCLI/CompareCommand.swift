import ReceiptKit
import ReceiptRemote

/// `appreceipt compare`: the local decode beside Apple's verifyReceipt answer, field by field.
enum CompareCommand: Subcommand {
    static let name = "compare"
    static let abstract = "Diff a receipt against Apple's verifyReceipt answer (saved, or fetched with --remote)."
    static let usage =
        "(--response FILE | --remote [--password-file FILE] [--exclude-old-transactions] [--verifier-url URL] [--sandbox-verifier-url URL] [--timeout SECONDS] [--save-response FILE] | --api --bundle-id ID [--key-file FILE --key-id ID --issuer-id ID] [--environment production|sandbox|auto] [--api-url URL] [--trust-anchor FILE ...]) [--at TIME|now] [--period PRODUCT=DURATION ...] [--periods FILE] [--format json|text] [--compact] [RECEIPT]"
    static let discussion = """
        Decodes RECEIPT locally (and runs verify with the pinned Apple root for its verdict), then compares it
        with the response's receipt object: differences [{path, local, remote, kind: mismatch|local_only|
        remote_only}], in_app entries matched by transaction_id. What only Apple can know (request_date,
        subscription_group_identifier, in_app_ownership_type, renewals and refunds after the receipt was
        created in latest_receipt_info ...) is listed under remote_knowledge, not as disagreement. Prints the
        status with its meaning, latest_receipt_info and pending_renewal_info normalised, and the subscription
        states they imply at the request date (or --at). --remote posts to production verifyReceipt, follows
        21007 to sandbox and 21008 back once each, and retries 21005, 21009 and retryable 21100-21199 with
        backoff. Requests go through libcurl: the system's CA certificates (or SSL_CERT_FILE, SSL_CERT_DIR),
        https_proxy, http_proxy and no_proxy as libcurl reads them, no redirects followed, and only a 2xx answer
        read as Apple's. The shared secret comes from --password-file FILE or APPRECEIPT_SHARED_SECRET, never argv.
        Apple's receipt object describes the receipt that was sent, so a response's own latest_receipt
        disagrees with it (a note says so). Exit 0 when nothing disagrees, 1 otherwise, 64 for a usage error
        (RECEIPT a verifyReceipt response while --response names a file: the two were swapped), 65 for an
        unreadable receipt or response, 69 when the verifier cannot be reached.
        --api compares RECEIPT (or a StoreKit 2 signed transaction) with Apple's transaction history (App Store
        Server API, credentials as for `appreceipt api`) for each of its original transaction ids: local
        transactions Apple does not list are local_only, fields both carry that differ are mismatches, and
        transactions only Apple lists (later renewals, upgrades) and fields only Apple sets (a refund's
        cancellation_date_ms) are remote_knowledge. Only Apple's items that verify count; the rest are named in
        notes. Same document shape, same exit statuses.
        """
    static let options: [OptionSpec] =
        [
            .value("response", "FILE", "A saved verifyReceipt response (JSON); - reads it from standard input."),
            .flag("remote", "Ask Apple's verifyReceipt (or --verifier-url) instead of reading a saved response."),
            .value("password-file", "FILE", "File holding the app-specific shared secret (else APPRECEIPT_SHARED_SECRET)."),
            .flag("exclude-old-transactions", "Ask for only the latest renewal of each subscription."),
            .value(
                "verifier-url", "URL",
                "Production verifyReceipt endpoint (default Apple's); also used for sandbox unless --sandbox-verifier-url. "
                    + "http:// or https://, host, optional port, path and query; credentials in the URL are refused."),
            .value("sandbox-verifier-url", "URL", "Sandbox verifyReceipt endpoint (default Apple's)."),
            .value("timeout", "SECONDS", "Give up on one request after this long, connecting to last byte (default 30)."),
            .value("save-response", "FILE", "Write Apple's final answer to FILE."),
            TimeAndPeriodOptions.at, TimeAndPeriodOptions.period, TimeAndPeriodOptions.periods,
            CommonOptions.format, CommonOptions.compact,
            .flag("api", "Compare with Apple's transaction history (App Store Server API) instead; see docs/api.md."),
        ] + APICallOptions.clientOptions.filter { $0.name != "limit" }

    static func run(_ arguments: ParsedArguments, console: any Console) throws(CLIError) -> ExitCode {
        if arguments.has("api") { return try APIComparison.run(arguments, console: console, command: name) }
        for option in APICallOptions.clientOptions.map(\.name) where arguments.value(option) != nil {
            throw .usage("--\(option) applies to --api", command: name)
        }
        let format = try OutputFormat.from(arguments, command: name)
        guard arguments.positionals.count <= 1 else { throw .usage("compare takes one RECEIPT", command: name) }
        let remote = arguments.has("remote")
        try checkSources(arguments, remote: remote)
        let periods = try TimeAndPeriodOptions.periods(arguments, command: name)
        let at = try TimeAndPeriodOptions.time(arguments, command: name)
        let configuration = try clientConfiguration(arguments)
        let input = try console.readInput(arguments.positionals.first ?? "-")
        let local: ComparableReceipt
        do throws(DecodeError) {
            local = try ComparableReceipt(source: input.source, bytes: input.bytes)
        } catch {
            try suggestSwap(receipt: input, response: arguments.value("response"))
            throw .undecodable(source: input.source, error)
        }
        let (response, origin) =
            remote
            ? try fetch(local, arguments: arguments, configuration: configuration, console: console)
            : try read(responsePath: arguments.value("response") ?? "-", console: console)
        let document = ComparisonDocument(local: local, response: response, origin: origin, at: at, periods: periods)
        switch format {
        case .json: try console.writeJSON(compact: arguments.has("compact")) { document.write(to: &$0, .commandLine) }
        case .text: try console.writeText(CompareTextRenderer.render(document))
        }
        return document.agrees ? .success : .negative
    }

    /// Asks the verifier (with the shared secret) and saves its answer when asked to.
    static func fetch(
        _ local: ComparableReceipt, arguments: ParsedArguments, configuration: VerifyReceiptClient.Configuration,
        console: any Console
    ) throws(CLIError) -> (VerifyReceiptResponse, ResponseOrigin) {
        let password = try sharedSecret(arguments, console: console)
        var configuration = configuration
        configuration.trustedCertificates = trustedCertificates(console.environment)
        let outcome: VerifyReceiptClient.Outcome
        do throws(VerifyReceiptClient.ClientError) {
            outcome = try VerifyReceiptClient(configuration: configuration).verify(
                receiptData: local.receiptData, password: password,
                excludeOldTransactions: arguments.has("exclude-old-transactions"))
        } catch {
            throw .failure("verifier unavailable: \(error)", .unavailable)
        }
        if let path = arguments.value("save-response") { try FileWriter.write(outcome.body, to: path) }
        return (outcome.response, .remote(outcome.exchanges))
    }

    /// `SSL_CERT_FILE` and `SSL_CERT_DIR`, as the curl command reads them, in place of the system's certificates.
    static func trustedCertificates(_ environment: [String: String]) -> TrustedCertificates {
        TrustedCertificates(
            file: environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 },
            directory: environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Options that only mean something when asking Apple: given with --response they would be ignored, so they
    /// are refused.
    static let remoteOnlyOptions = [
        "password-file", "exclude-old-transactions", "verifier-url", "sandbox-verifier-url", "timeout", "save-response",
    ]

    /// Exactly one of --response and --remote, the options that go with it, and standard input read once at most.
    static func checkSources(_ arguments: ParsedArguments, remote: Bool) throws(CLIError) {
        guard remote != (arguments.value("response") != nil) else {
            throw .usage("give exactly one of --response FILE and --remote", command: name)
        }
        if !remote {
            for option in remoteOnlyOptions where arguments.has(option) || arguments.value(option) != nil {
                throw .usage("--\(option) applies to --remote; a saved --response was already answered", command: name)
            }
        }
        if arguments.value("response") == "-", (arguments.positionals.first ?? "-") == "-" {
            throw .usage("--response - reads standard input, so give the RECEIPT as a FILE", command: name)
        }
    }

    /// When the RECEIPT argument is a verifyReceipt response and `--response` names a file, the two were most likely
    /// given the wrong way round: say so with the command that would work (exit 64).
    static func suggestSwap(receipt input: NamedInput, response path: String?) throws(CLIError) {
        guard let path, path != "-" else { return }
        do {
            _ = try VerifyReceiptResponse.read(input.bytes)
        } catch {
            return
        }
        throw .usage(
            "\(input.source) is a verifyReceipt response, not a receipt: were RECEIPT and --response swapped? "
                + "Try: appreceipt compare --response \(input.source) \(path)", command: name)
    }

    /// A saved response (`-`: standard input); a file that is not one is a data error naming what is wrong.
    static func read(responsePath path: String, console: any Console) throws(CLIError) -> (VerifyReceiptResponse, ResponseOrigin)
    {
        let input = try console.readInput(path)
        do throws(VerifyReceiptResponse.ReadFailure) {
            return (try VerifyReceiptResponse.read(input.bytes), .file(input.source))
        } catch {
            throw .failure("\(input.source): \(error)", .dataError)
        }
    }

    /// The shared secret from --password-file or APPRECEIPT_SHARED_SECRET (never argv); nil when neither.
    static func sharedSecret(_ arguments: ParsedArguments, console: any Console) throws(CLIError) -> String? {
        if let path = arguments.value("password-file") {
            let secret = String(decoding: try FileReader.read(path: path), as: UTF8.self).trimmingWhitespace
            guard !secret.isEmpty else { throw .failure("--password-file \(path) is empty", .dataError) }
            return secret
        }
        if let secret = console.environment["APPRECEIPT_SHARED_SECRET"]?.trimmingWhitespace, !secret.isEmpty { return secret }
        return nil
    }

    static func clientConfiguration(_ arguments: ParsedArguments) throws(CLIError) -> VerifyReceiptClient.Configuration {
        var configuration = VerifyReceiptClient.Configuration()
        if let url = arguments.value("verifier-url") {
            configuration.productionURL = url
            configuration.sandboxURL = url
        }
        if let url = arguments.value("sandbox-verifier-url") { configuration.sandboxURL = url }
        if let text = arguments.value("timeout") {
            guard let seconds = Double(text), seconds > 0 else {
                throw .usage("--timeout needs a positive number of seconds, not '\(text)'", command: name)
            }
            configuration.timeout = seconds
        }
        return configuration
    }
}
