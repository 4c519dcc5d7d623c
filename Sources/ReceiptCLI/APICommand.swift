import ReceiptKit
import ReceiptRemote

/// `appreceipt api VERB`: asks Apple's App Store Server API (read-only endpoints) and verifies every signed item
/// in the answers as `verify` does.
enum APICommand: Subcommand {
    static let name = "api"
    static let abstract = "Ask the App Store Server API (read-only) and verify every signed item in its answers."
    static let usage =
        "VERB [ID] --key-file FILE --key-id ID --issuer-id ID --bundle-id ID [--environment production|sandbox|auto] [--api-url URL] [--limit N] [--timeout SECONDS] [--trust-anchor FILE ...] [filters] [--format json|text]"
    static let discussion = """
        Verbs: transaction ID (Get Transaction Info), history ID (Get Transaction History v2; --product-id,
        --product-type, --start, --end, --revoked true|false, --ownership FAMILY_SHARED|PURCHASED, --sort
        ascending|descending, --subscription-group-id), status ID (Get All Subscription Statuses; --status 1-5,
        repeatable), refunds ID (Get Refund History v2), lookup ORDER_ID (Look Up Order ID: the id on the
        customer's App Store e-mail receipt), app-transaction ID (Get App Transaction Info), notifications --start
        TIME --end TIME [--type TYPE --subtype SUBTYPE --transaction-id ID --only-failures] (Get Notification
        History), test-notification (Request a Test Notification) and test-notification-status TOKEN.
        Each request carries a fresh ES256 token (five minutes) signed with the In-App Purchase key: --key-file
        or APPRECEIPT_API_KEY_FILE (the .p8 file from App Store Connect), --key-id or APPRECEIPT_API_KEY_ID,
        --issuer-id or APPRECEIPT_API_ISSUER_ID, and --bundle-id (which the items must carry, too). Neither the
        key nor a token is ever printed. Paged answers are followed to the end, or until --limit N items.
        --environment auto (the default) asks production and, when it has not heard of the id (4040010 and the
        other not-found codes), the sandbox; every line says which answered. 429 waits for Retry-After (up to 60
        s); 5xx, Apple's retryable codes and network errors are tried 4 times with a back-off of 0.5, 1 and 2 s.
        --api-url URL asks URL/production and URL/sandbox instead of Apple (plain http only to loopback).
        Output: JSON Lines, one signed item a line ({environment, page, item, beside}) in Apple's order, the item
        decoded and checked as verify reports it (pinned Apple Root CA - G3, or --trust-anchor), then one summary
        line; --format text is readable. Exit 1 when an item is not valid or Apple refused the request (its error
        code in words, 401 naming key id, issuer id and bundle id), 69 when it may succeed later.
        Examples:
          appreceipt api history 2000000123456789 --key-file AuthKey_ABC123.p8 --key-id ABC123 \\
            --issuer-id 57246542-96fe-1a63-e053-0824d011072a --bundle-id com.example.app --product-type AUTO_RENEWABLE
          appreceipt api lookup MK5TTTVWJH --bundle-id com.example.app --format text
          appreceipt api notifications --start 2025-06-01T00:00:00Z --end now --only-failures --bundle-id com.example.app
        """
    static let options: [OptionSpec] =
        APICallOptions.clientOptions + [
            .value("timeout", "SECONDS", "Give up on one request after this long (default 30; connecting: 10 at most).")
        ] + APICallOptions.filterOptions + [CommonOptions.format]

    static func run(_ arguments: ParsedArguments, console: any Console) throws(CLIError) -> ExitCode {
        let format = try OutputFormat.from(arguments, command: name)
        let call = try APICallOptions.call(arguments, command: name)
        let client = try APICallOptions.client(arguments, environment: console.environment, command: name)
        var policyArguments = arguments
        policyArguments.values["environment"] = nil
        let verifier = SignedDataVerifier(policy: try VerificationOptions.policy(from: policyArguments, command: name))
        var writer = APIOutputWriter(format: format, console: console)
        let outcome: AppStoreServerAPIOutcome
        do throws(AppStoreServerAPIFailure) {
            outcome = try client.run(call, verifier: verifier) { writer.write($0) }
        } catch {
            try writer.finish()
            throw .failure(error.description, APICallOptions.exitCode(error))
        }
        try writer.finish(outcome)
        return writer.invalidItems == 0 ? .success : .negative
    }
}
