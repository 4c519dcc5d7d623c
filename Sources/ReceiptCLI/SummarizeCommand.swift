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
        No FILE reads standard input. A line that is not an audit record stops with its path and line number.
        Exit status: 0 every record valid and no signal; 1 otherwise; 64 usage; 65 a line is not an audit
        record; 66 a shard missing or unreadable; 74 writing output failed.
        """
    static let options: [OptionSpec] = [
        .value("summary", "FILE", "Also write the JSON summary to FILE."),
        .value("max-line-bytes", "N", "Longest line accepted, in bytes (default 16777216)."),
        CommonOptions.format, CommonOptions.compact,
    ]

    static func run(_ arguments: ParsedArguments, console: any Console) throws(CLIError) -> ExitCode {
        let format = try OutputFormat.from(arguments, command: name)
        let maximumBytes = try AuditCommand.positiveInteger(arguments, "max-line-bytes", command: name) ?? 16 << 20
        let paths = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        let process = console as? ProcessConsole
        let bufferedInput = process == nil && paths.contains("-") ? try console.readStandardInput() : []
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
            case .invalidLine: throw .failure(error.description, .dataError)
            }
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
