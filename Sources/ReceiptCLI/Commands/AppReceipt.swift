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

            \(ExitStatusText.tool)
            """,
        version: "appreceipt \(CLI.version)",
        subcommands: [
            DecodeCommand.self, VerifyCommand.self, CompareCommand.self, SubscriptionsCommand.self, DumpCommand.self,
            AuditCommand.self, SummarizeCommand.self, ReportCommand.self,
        ])

    /// Every message the tool prints starts so, ArgumentParser's usage errors included.
    static var _errorPrefix: String { "appreceipt: error: " }
}
