import ArgumentParser
import ReceiptKit
import ReceiptRemote

/// `appreceipt compare`: the local decode beside Apple's verifyReceipt answer, field by field.
struct CompareCommand: ConsoleRunnable {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Diff a receipt against Apple's verifyReceipt answer (saved, or fetched with --remote).",
        discussion: """
            Decodes RECEIPT locally (and runs verify with the pinned Apple root for its verdict), then compares \
            it with the response's receipt object: differences [{path, local, remote, kind: mismatch|local_only|\
            remote_only}], in_app entries matched by transaction_id. What only Apple can know (request_date, \
            subscription_group_identifier, in_app_ownership_type, renewals and refunds after the receipt was \
            created in latest_receipt_info ...) is listed under remote_knowledge, not as disagreement. Prints \
            the status with its meaning, latest_receipt_info and pending_renewal_info normalised, and the \
            subscription states they imply at the request date (or --at).

            --remote posts to production verifyReceipt, follows 21007 to sandbox and 21008 back once each, and \
            retries 21005, 21009 and retryable 21100-21199 with backoff. Requests go through libcurl: the \
            system's CA certificates (or SSL_CERT_FILE, SSL_CERT_DIR), https_proxy, http_proxy and no_proxy as \
            libcurl reads them, no redirects followed, and only a 2xx answer read as Apple's. The shared secret \
            comes from --password-file FILE or APPRECEIPT_SHARED_SECRET, never argv.

            Apple's receipt object describes the receipt that was sent, so a response's own latest_receipt \
            disagrees with it (a note says so).

            EXAMPLES:
              appreceipt compare --response response.json receipt.b64
              APPRECEIPT_SHARED_SECRET=... appreceipt compare --remote --format text receipt.b64

            EXIT STATUS:
              0   nothing disagrees
              1   a disagreement
              64  usage error (also RECEIPT a verifyReceipt response while --response
                  names a file: the two were swapped)
              65  an unreadable receipt or response
              66  an input file missing or unreadable
              69  the verifier cannot be reached
              74  writing output failed
            """)

    @Option(
        help: ArgumentHelp("A saved verifyReceipt response (JSON); - reads it from standard input.", valueName: "file"))
    var response: String?

    @Flag(help: "Ask Apple's verifyReceipt (or --verifier-url) instead of reading a saved response.")
    var remote = false

    @Option(
        name: .customLong("password-file"),
        help: ArgumentHelp("File holding the app-specific shared secret (else APPRECEIPT_SHARED_SECRET).", valueName: "file"))
    var passwordFile: String?

    @Flag(name: .customLong("exclude-old-transactions"), help: "Ask for only the latest renewal of each subscription.")
    var excludeOldTransactions = false

    @Option(
        name: .customLong("verifier-url"),
        help: ArgumentHelp(
            "Production verifyReceipt endpoint (default Apple's); also used for sandbox unless --sandbox-verifier-url. "
                + "http:// or https://, host, optional port, path and query; credentials in the URL are refused.",
            valueName: "url"))
    var verifierURL: String?

    @Option(
        name: .customLong("sandbox-verifier-url"),
        help: ArgumentHelp("Sandbox verifyReceipt endpoint (default Apple's).", valueName: "url"))
    var sandboxVerifierURL: String?

    @Option(
        help: ArgumentHelp(
            "Give up on one request after this long, connecting to last byte (default 30).", valueName: "seconds"))
    var timeout: String?

    @Option(name: .customLong("save-response"), help: ArgumentHelp("Write Apple's final answer to FILE.", valueName: "file"))
    var saveResponse: String?

    @OptionGroup var time: TimeOptions

    @OptionGroup var periods: PeriodOptions

    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The receipt; none or - reads standard input.", valueName: "receipt"))
    var receipt: String?

    /// Exactly one of --response and --remote, the options that go with it, and standard input read once at most.
    func validate() throws {
        guard remote != (response != nil) else {
            throw ValidationError("give exactly one of --response FILE and --remote")
        }
        if !remote, let option = remoteOnlyOptionGiven {
            throw ValidationError("\(option) applies to --remote; a saved --response was already answered")
        }
        if response == "-", (receipt ?? "-") == "-" {
            throw ValidationError("--response - reads standard input, so give the RECEIPT as a FILE")
        }
        _ = try validating { () throws(CLIError) in try clientConfiguration() }
    }

    /// The first option given that only means something when asking Apple: given with --response it would be
    /// ignored, so it is refused.
    var remoteOnlyOptionGiven: String? {
        let given: [(String, Bool)] = [
            ("--password-file", passwordFile != nil), ("--exclude-old-transactions", excludeOldTransactions),
            ("--verifier-url", verifierURL != nil), ("--sandbox-verifier-url", sandboxVerifierURL != nil),
            ("--timeout", timeout != nil), ("--save-response", saveResponse != nil),
        ]
        return given.first { $0.1 }?.0
    }

    func run(console: any Console) throws(CLIError) -> ExitCode {
        let terms = try periods.terms()
        let at = try time.time()
        let configuration = try clientConfiguration()
        let input = try console.readInput(receipt ?? "-")
        let local: ComparableReceipt
        do throws(DecodeError) {
            local = try ComparableReceipt(source: input.source, bytes: input.bytes)
        } catch {
            try Self.suggestSwap(receipt: input, response: response)
            throw .undecodable(source: input.source, error)
        }
        let (answer, origin) =
            remote
            ? try fetch(local, configuration: configuration, console: console)
            : try Self.read(responsePath: response ?? "-", console: console)
        let document = ComparisonDocument(local: local, response: answer, origin: origin, at: at, periods: terms)
        switch output.format {
        case .json: try console.writeJSON(compact: output.compact) { document.write(to: &$0, .commandLine) }
        case .text: try console.writeText(CompareTextRenderer.render(document))
        }
        return document.agrees ? .success : .negative
    }

    /// Asks the verifier (with the shared secret) and saves its answer when asked to.
    func fetch(
        _ local: ComparableReceipt, configuration: VerifyReceiptClient.Configuration, console: any Console
    ) throws(CLIError) -> (VerifyReceiptResponse, ResponseOrigin) {
        let password = try sharedSecret(console: console)
        var configuration = configuration
        configuration.trustedCertificates = Self.trustedCertificates(console.environment)
        let outcome: VerifyReceiptClient.Outcome
        do throws(VerifyReceiptClient.ClientError) {
            outcome = try VerifyReceiptClient(configuration: configuration).verify(
                receiptData: local.receiptData, password: password,
                excludeOldTransactions: excludeOldTransactions)
        } catch {
            throw .failure("verifier unavailable: \(error)", .unavailable)
        }
        if let path = saveResponse { try FileWriter.write(outcome.body, to: path) }
        return (outcome.response, .remote(outcome.exchanges))
    }

    /// `SSL_CERT_FILE` and `SSL_CERT_DIR`, as the curl command reads them, in place of the system's certificates.
    static func trustedCertificates(_ environment: [String: String]) -> TrustedCertificates {
        TrustedCertificates(
            file: environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 },
            directory: environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 })
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
                + "Try: appreceipt compare --response \(input.source) \(path)")
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
    func sharedSecret(console: any Console) throws(CLIError) -> String? {
        if let path = passwordFile {
            let secret = String(decoding: try FileReader.read(path: path), as: UTF8.self).trimmingWhitespace
            guard !secret.isEmpty else { throw .failure("--password-file \(path) is empty", .dataError) }
            return secret
        }
        if let secret = console.environment["APPRECEIPT_SHARED_SECRET"]?.trimmingWhitespace, !secret.isEmpty { return secret }
        return nil
    }

    /// Where and how long to ask; a timeout that is not a positive number is a usage error.
    func clientConfiguration() throws(CLIError) -> VerifyReceiptClient.Configuration {
        var configuration = VerifyReceiptClient.Configuration()
        if let url = verifierURL {
            configuration.productionURL = url
            configuration.sandboxURL = url
        }
        if let url = sandboxVerifierURL { configuration.sandboxURL = url }
        if let text = timeout {
            guard let seconds = Double(text), seconds > 0 else {
                throw .usage("--timeout needs a positive number of seconds, not '\(text)'")
            }
            configuration.timeout = seconds
        }
        return configuration
    }
}
