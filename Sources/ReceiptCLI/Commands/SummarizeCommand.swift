import ArgumentParser
import ReceiptAudit
import ReceiptKit

/// `appreceipt summarize`: the audit summary again over audit output shards, the reduce step of a scale-out.
struct SummarizeCommand: ConsoleRunnable {
    static let configuration = CommandConfiguration(
        commandName: "summarize",
        abstract: "Summarize audit output shards as one audit would, raising cross-shard signals again.",
        discussion: """
            Reads the JSON Lines that audit wrote, from any number of shards (machines, processes, --records - in a \
            map step), in the order given, and prints the summary that one audit over the same records in that \
            order would write with --summary: records are renumbered by their position across the shards, and \
            receipt_shared_between_users and transaction_shared_between_users are raised again over all of them.

            No FILE reads standard input. Shards are believed as written; what can be checked is: a line that is \
            not an audit record counts as a malformed record in its place and is named, and a valid record that \
            lists failed checks, or record numbers that repeat, go back or jump (lines lost, or a shard written \
            with --only-problems, whose counts are not the batch's), are warnings. Warnings go to stderr and into \
            the summary (warning_count, warnings) and make the exit status 1.

            EXAMPLES:
              appreceipt summarize --summary all.json shard-1.jsonl shard-2.jsonl

            EXIT STATUS:
              0   every record valid, no signal and no warning
              1   otherwise
              64  usage error
              66  a shard missing or unreadable
              74  writing output failed
            """)

    @Option(help: ArgumentHelp("Also write the JSON summary to FILE.", valueName: "file"))
    var summary: String?

    @OptionGroup var output: OutputOptions

    @Option(
        name: .customLong("max-line-bytes"),
        help: ArgumentHelp("Longest line accepted, in bytes (default 16777216).", valueName: "n"))
    var maxLineBytes: String?

    @Argument(help: ArgumentHelp("Audit output shards, in order; none or - reads standard input.", valueName: "file"))
    var files: [String] = []

    func validate() throws {
        _ = try validating { () throws(CLIError) in try positiveInteger(maxLineBytes, option: "--max-line-bytes") }
    }

    func run(console: any Console) throws(CLIError) -> ExitCode {
        let maximumBytes = try positiveInteger(maxLineBytes, option: "--max-line-bytes") ?? 16 << 20
        let paths = files.isEmpty ? ["-"] : files
        let fileSystem = try PosixAuditFileSystem.streaming(
            console: console, readsStandardInput: paths.contains("-"), what: "audit output lines")
        let result: AuditSummary
        do throws(AuditShards.Failure) {
            result = try AuditShards.summarize(paths, fileSystem: fileSystem, maximumLineBytes: maximumBytes)
        } catch {
            switch error {
            case .unreadable(.unreadable(let path, let reason)): throw .unreadable(path: path, reason: reason)
            }
        }
        for warning in result.warnings { console.writeError("appreceipt: warning: \(warning)\n") }
        if result.warningCount > result.warnings.count {
            console.writeError(
                "appreceipt: warning: \(result.warningCount - result.warnings.count) more in the summary count\n")
        }
        if let path = summary {
            try FileWriter.write(result.fileBytes(), to: path)
        }
        switch output.format {
        case .json: try console.writeJSON(compact: output.compact, result.write)
        case .text: try console.writeOut(AuditTextRenderer.summary(result))
        }
        return result.isClean ? .success : .negative
    }
}
