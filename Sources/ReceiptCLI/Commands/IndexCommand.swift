import ArgumentParser
import ReceiptAudit

/// `appreceipt index`: looks inside the SQLite index that `audit --index` keeps (docs/audit-index.md).
struct IndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Look inside the cross-batch signal index that audit --index keeps: stats, show KEY, forget a batch.",
        discussion: """
            The index is an SQLite file (WAL mode) with one row per key (payload_sha256, transaction id, original \
            transaction id), batch and user: where that user sent the key first in that batch (line). Forgetting \
            a batch leaves the other batches' rows as they are. Its schema is in docs/audit-index.md, for \
            reviewers who query it with sqlite3. stats and show print text, or JSON with --format json.

            EXAMPLES:
              appreceipt index stats --index fraud.sqlite
              appreceipt index show --index fraud.sqlite 2000000512345678
              appreceipt index show --index fraud.sqlite --format json 2000000512345678
              appreceipt index forget --index fraud.sqlite --batch test-run

            EXIT STATUS:
              0   done
              64  usage error (forget: no such batch)
              66  the index is missing or not an index of this tool
              74  the index could not be written
            """,
        subcommands: [IndexStatsCommand.self, IndexShowCommand.self, IndexForgetCommand.self])
}

/// `--index FILE`, which every `index` subcommand needs.
struct IndexFileOption: ParsableArguments {
    @Option(help: ArgumentHelp("The index file audit --index wrote.", valueName: "file"))
    var index: String

    /// Opens the index (without creating one), prints what `body` makes of it, and exits 0.
    func print(
        to console: any Console, _ body: (AuditIndex) throws(AuditIndexError) -> String
    ) throws(CLIError) -> ExitCode {
        let text: String
        do throws(AuditIndexError) {
            text = try body(try AuditIndex(path: index, create: false))
        } catch {
            throw IndexedAuditRun.cliError(error)
        }
        try console.writeOut(text)
        return .success
    }
}

/// `appreceipt index stats`.
struct IndexStatsCommand: ConsoleRunnable {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Keys, users, rows, batches (with committed records) and the file's size.",
        discussion: """
            --format json prints {batches: [{committed_records, label, rows}], file_bytes, format_version, index, \
            keys, rows, users}, keys sorted (docs/output.md). Keys are distinct payload hashes and transaction ids, \
            users distinct user ids (by their bytes), rows one per key, batch and user.
            """)

    @OptionGroup var file: IndexFileOption

    @Option(help: "Output format: text (the default) or json.")
    var format: OutputFormat = .text

    func run(console: any Console) throws(CLIError) -> ExitCode {
        try file.print(to: console) { (index) throws(AuditIndexError) in
            let stats = try index.stats()
            return format == .json
                ? AuditIndexJSONRenderer.stats(stats, path: file.index) : AuditIndexTextRenderer.stats(stats, path: file.index)
        }
    }
}

/// `appreceipt index show KEY`.
struct IndexShowCommand: ConsoleRunnable {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Every user that sent KEY (a transaction id or payload hash), and where first.",
        discussion: """
            One entry per batch a user sent KEY in: the batch label and the line of the user's first record with it \
            there. Users are counted by their bytes (a precomposed and a decomposed spelling are two users). \
            --format json prints {entries: [{batch, key_kind, line, user}], format_version, key, user_count}, keys \
            sorted, entries earliest first (docs/output.md).
            """)

    @OptionGroup var file: IndexFileOption

    @Option(help: "Output format: text (the default) or json.")
    var format: OutputFormat = .text

    @Argument(help: ArgumentHelp("A transaction id, original transaction id or payload_sha256.", valueName: "key"))
    var key: String

    func run(console: any Console) throws(CLIError) -> ExitCode {
        try file.print(to: console) { (index) throws(AuditIndexError) in
            let entries = try index.show(key: key)
            return format == .json
                ? AuditIndexJSONRenderer.show(entries, key: key) : AuditIndexTextRenderer.show(entries, key: key)
        }
    }
}

/// `appreceipt index forget --batch LABEL`.
struct IndexForgetCommand: ConsoleRunnable {
    static let configuration = CommandConfiguration(
        commandName: "forget", abstract: "Remove one batch and the rows it added (e.g. a test batch).")

    @OptionGroup var file: IndexFileOption

    @Option(help: ArgumentHelp("The batch label to remove.", valueName: "label"))
    var batch: String

    func run(console: any Console) throws(CLIError) -> ExitCode {
        try file.print(to: console) { (index) throws(AuditIndexError) in
            AuditIndexTextRenderer.forgot(try index.forget(batch: batch), batch: batch)
        }
    }
}
