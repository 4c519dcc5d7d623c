import ReceiptAudit
import ReceiptKit

/// `appreceipt summarize`: the audit summary again over audit output shards, the reduce step of a scale-out.
enum SummarizeCommand: Subcommand {
    static let name = "summarize"
    static let abstract = "Summarize audit output shards as one audit would, raising cross-shard signals again."
    static let usage = "[--summary FILE] [--format json|text] [--compact] [--max-line-bytes N] [FILE|-]..."
    static let discussion = """
        Reads the JSON Lines that audit wrote, from any number of shards (machines, processes, --records - in a
        map step), in the order given, and prints the summary that one audit over the same records in that
        order would write with --summary: records are renumbered by their position across the shards, and
        receipt_shared_between_users and transaction_shared_between_users are raised again over all of them.
        No FILE reads standard input. Shards are believed as written; what can be checked is: a line that is
        not an audit record counts as a malformed record in its place and is named, and a valid record that
        lists failed checks, or record numbers that repeat, go back or jump (lines lost, or a shard written
        with --only-problems, whose counts are not the batch's), are warnings. Warnings go to stderr and into
        the summary (warning_count, warnings) and make the exit status 1.
        Exit status: 0 every record valid, no signal and no warning; 1 otherwise; 64 usage; 66 a shard missing
        or unreadable; 74 writing output failed.
        """
    static let options: [OptionSpec] = [
        .value("summary", "FILE", "Also write the JSON summary to FILE."),
        .value("max-line-bytes", "N", "Longest line accepted, in bytes (default 16777216)."),
        CommonOptions.format, CommonOptions.compact,
    ]

    static func run(_ arguments: ParsedArguments, console: any Console) throws(CLIError) -> ExitCode {
        let format = try OutputFormat.from(arguments, command: name)
        let maximumBytes = try arguments.positiveInteger("max-line-bytes", command: name) ?? 16 << 20
        let paths = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        let process = console as? ProcessConsole
        let bufferedInput = process == nil && paths.contains("-") ? try console.readStandardInput() : []
        if paths.contains("-") { process?.noteReadingTerminal("audit output lines") }
        let fileSystem = PosixAuditFileSystem { () -> any AuditByteSource in
            guard process != nil else { return MemoryByteSource(bufferedInput) }
            return DescriptorByteSource(descriptor: 0, path: "standard input", closesOnRelease: false)
        }
        let summary: AuditSummary
        do throws(AuditShards.Failure) {
            summary = try AuditShards.summarize(paths, fileSystem: fileSystem, maximumLineBytes: maximumBytes)
        } catch {
            switch error {
            case .unreadable(.unreadable(let path, let reason)): throw .unreadable(path: path, reason: reason)
            }
        }
        for warning in summary.warnings { console.writeError("appreceipt: warning: \(warning)\n") }
        if summary.warningCount > summary.warnings.count {
            console.writeError(
                "appreceipt: warning: \(summary.warningCount - summary.warnings.count) more in the summary count\n")
        }
        if let path = arguments.value("summary") {
            try FileWriter.write(summary.fileBytes(), to: path)
        }
        switch format {
        case .json: try console.writeJSON(compact: arguments.has("compact"), summary.write)
        case .text: try console.writeOut(AuditTextRenderer.summary(summary))
        }
        return summary.isClean ? .success : .negative
    }
}
