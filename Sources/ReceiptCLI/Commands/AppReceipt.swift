import ArgumentParser

/// The root command: the tool's overview and the one list of subcommands. A new subcommand is a
/// ``ConsoleRunnable`` in a file of its own in this folder, added to `subcommands` here.
struct AppReceipt: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "appreceipt",
        abstract: "Take Apple App Store receipts apart and tell the truth about them.",
        discussion: """
            FILE is a receipt (base64, DER, or a {"receipt-data": ...} body), StoreKit 2 signed data or, for \
            the batch commands, records, audit output or responses; none or '-' reads standard input, and '--' \
            ends the options. Output is JSON by default (--format text for people), on stdout; diagnostics go \
            to stderr. 'appreceipt help SUBCOMMAND' or 'appreceipt SUBCOMMAND --help' shows a subcommand's \
            options; completion scripts come from --generate-completion-script bash|zsh|fish.

            EXAMPLES:
              appreceipt decode --format text receipt.b64
              appreceipt verify --bundle-id com.example.app receipt.b64
              appreceipt audit --summary summary.json receipts/ > records.jsonl

            LIMITS: everything that grows with the input is capped; past a limit the input is refused with exit \
            status 65 and a message naming the limit and the byte offset (for responses, the entry) where it was \
            hit. Input size 64 MiB (a verifyReceipt answer fetched by compare --remote too, head and body \
            together); ASN.1 nesting 64 levels and 100000 elements in one constructed element; 25000 attributes \
            in one SET and 400000 in one receipt; 20000 in-app purchases in one receipt; 100000 elements shown \
            by dump (it prints nothing for a larger tree); JSON nesting 256 levels and 1000000 values in one \
            document; 20000 entries in one response list (in_app, latest_receipt_info, \
            latest_expired_receipt_info, pending_renewal_info); 1000 entries in one property-list dictionary.

            ENVIRONMENT:
              APPRECEIPT_SHARED_SECRET
                  the verifyReceipt shared secret for compare --remote when
                  --password-file is not given
              APPRECEIPT_API_KEY_FILE, APPRECEIPT_API_KEY_ID, APPRECEIPT_API_ISSUER_ID
                  the In-App Purchase key (.p8 file), its key id and the team's
                  issuer id for api, compare --api and subscriptions --api when
                  --key-file, --key-id and --issuer-id are not given
              SSL_CERT_FILE, SSL_CERT_DIR
                  read as the curl command reads them: a PEM file, or a directory of
                  hashed certificates, trusted for compare --remote and api over
                  HTTPS instead of the system's
              https_proxy, HTTPS_PROXY, http_proxy, no_proxy, NO_PROXY
                  read by libcurl: the proxy for compare --remote requests, and the
                  hosts reached without one

            \(ExitStatusText.tool)
            """,
        version: "appreceipt \(CLI.version)",
        subcommands: [
            DecodeCommand.self, VerifyCommand.self, CompareCommand.self, SubscriptionsCommand.self, DumpCommand.self,
            AuditCommand.self, SummarizeCommand.self, ReportCommand.self, IndexCommand.self, APICommand.self,
        ])

    /// Every message the tool prints starts so, ArgumentParser's usage errors included.
    static var _errorPrefix: String { "appreceipt: error: " }
}
