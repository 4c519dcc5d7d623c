import ArgumentParser
import ReceiptKit
import ReceiptRemote

/// `appreceipt api VERB`: asks Apple's App Store Server API (read-only endpoints) and verifies every signed item
/// in the answers as `verify` does.
struct APICommand: ConsoleRunnable {
    static let configuration = CommandConfiguration(
        commandName: "api",
        abstract: "Ask the App Store Server API (read-only) and verify every signed item in its answers.",
        discussion: """
            Verbs: transaction ID (Get Transaction Info), history ID (Get Transaction History v2; --product-id, \
            --product-type, --start, --end, --revoked, --ownership, --sort, --subscription-group-id), status ID \
            (Get All Subscription Statuses; --status), refunds ID (Get Refund History v2), lookup ORDER_ID (Look \
            Up Order ID: the id on the customer's App Store e-mail receipt), app-transaction ID (Get App \
            Transaction Info), notifications --start TIME --end TIME (Get Notification History; --type, \
            --subtype, --transaction-id, --only-failures), test-notification (Request a Test Notification) and \
            test-notification-status TOKEN.

            Each request carries a fresh ES256 token (five minutes) signed with the In-App Purchase key: \
            --key-file or APPRECEIPT_API_KEY_FILE (the .p8 file from App Store Connect), --key-id or \
            APPRECEIPT_API_KEY_ID, --issuer-id or APPRECEIPT_API_ISSUER_ID, and --bundle-id, which every item \
            must carry too. Neither the key nor a token is ever printed.

            THE KEY: in App Store Connect, Users and Access, Integrations, In-App Purchase, generate a key and \
            download SubscriptionKey_KEYID.p8 (Apple offers the download once); the Key ID stands beside the \
            key and the Issuer ID above the list. Keep the file readable by you alone (chmod 600), for example \
            in ~/.config/appreceipt/, and name it in APPRECEIPT_API_KEY_FILE; docs/api.md has the details.

            Paged answers are followed to the end, or until --limit N items. --environment auto (the default) \
            asks production and, when it has not heard of the id (4040010 and the other not-found codes), the \
            sandbox; every line says which answered. 429 waits for Retry-After (up to 60 s); 5xx, Apple's \
            retryable codes and network errors are tried 4 times, after 0.5, 1 and 2 s. --api-url URL asks \
            URL/production and URL/sandbox instead of Apple (plain http only to loopback).

            Output: JSON Lines, one signed item a line ({environment, page, item, beside}) in Apple's order, \
            each item decoded and checked as verify reports it (pinned Apple Root CA - G3, or --trust-anchor), \
            then one summary line (the environment that answered, the requests made); --format text is readable.

            EXAMPLES (with APPRECEIPT_API_KEY_FILE, APPRECEIPT_API_KEY_ID and APPRECEIPT_API_ISSUER_ID set):
              appreceipt api transaction 2000000123456789 --bundle-id com.example.app
              appreceipt api history 2000000123456789 --bundle-id com.example.app --product-type auto_renewable
              appreceipt api status 2000000123456789 --bundle-id com.example.app --status 1
              appreceipt api refunds 2000000123456789 --bundle-id com.example.app
              appreceipt api lookup MK5TTTVWJH --bundle-id com.example.app --format text
              appreceipt api app-transaction 2000000123456789 --bundle-id com.example.app
              appreceipt api notifications --start 2025-06-01T00:00:00Z --end now --only-failures --bundle-id com.example.app
              appreceipt api test-notification --bundle-id com.example.app --environment sandbox
              appreceipt api test-notification-status TOKEN --bundle-id com.example.app --environment sandbox

            EXIT STATUS:
              0   every item valid
              1   an item not valid, or Apple refused the request (its error code in
                  words; 401: check the key id, issuer id and bundle id)
              64  usage error (also an --api-url that is plain http to another host)
              65  the key file is not a P-256 private key
              66  the key file or a trust anchor missing or unreadable
              69  Apple unreachable or still failing after the retries; try later
              74  writing output failed
            """)

    @Argument(help: ArgumentHelp("What to ask: \(APIFilterOptions.verbs.joined(separator: ", ")).", valueName: "verb"))
    var verb: String

    @Argument(help: ArgumentHelp("The transaction id, order id or test notification token.", valueName: "id"))
    var id: String?

    @OptionGroup var client: APIClientOptions

    @Option(help: ArgumentHelp("Stop after N items (paged answers).", valueName: "N"))
    var limit: String?

    @Option(
        help: ArgumentHelp("Give up on one request after this long (default 30; connecting: 10 at most).", valueName: "seconds"))
    var timeout: String?

    @OptionGroup var filters: APIFilterOptions

    @OptionGroup var time: TimeOptions

    @OptionGroup var trust: TrustOptions

    @Option(help: "Output format (never switched by whether stdout is a terminal).")
    var format: OutputFormat = .json

    func validate() throws {
        _ = try validating { () throws(CLIError) in try filters.call(verb, id) }
        _ = try validating { () throws(CLIError) in try positiveInteger(limit, option: "--limit") }
        _ = try validating { () throws(CLIError) in try client.choice() }
    }

    func run(console: any Console) throws(CLIError) -> ExitCode {
        let call = try filters.call(verb, id)
        let client = try client.client(
            environment: console.environment, limit: try positiveInteger(limit, option: "--limit"), timeout: timeout)
        let verifier = try self.client.verifier(trust, time: time)
        var writer = APIOutputWriter(format: format, console: console)
        let outcome: AppStoreServerAPIOutcome
        do throws(AppStoreServerAPIFailure) {
            outcome = try client.run(call, verifier: verifier) { writer.write($0) }
        } catch {
            try writer.finish()
            throw .failure(error.description, APIClientOptions.exitCode(error))
        }
        try writer.finish(outcome)
        return writer.invalidItems == 0 ? .success : .negative
    }
}
