import ReceiptKit

/// One input's result as a command prints it: the JSON document, its text rendering, the exit status it
/// implies, and a diagnostic line for stderr when something went wrong.
struct FileResult {
    let json: JSONValue
    let text: String
    let exitCode: ExitCode
    var diagnostic: String? = nil
}

/// The one loop of every subcommand that takes FILEs. The output's shape depends only on the options and the
/// number of FILEs, never on what happened to them: one FILE prints its document, several print a JSON array
/// with one document per file in order, and `--jsonl` prints one compact document per line, each as soon as
/// its file is done (text: each rendering, followed by a blank line when there are several). A file that cannot
/// be read or processed gets an ``ErrorDocument`` in its place and a line on stderr, and the others go on. The
/// exit status is the worst of all.
enum PerFileLoop {
    static func run(
        _ arguments: ParsedArguments, console: any Console, format: OutputFormat,
        process: (NamedInput) throws(CLIError) -> FileResult
    ) throws(CLIError) -> ExitCode {
        let paths = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        let several = paths.count > 1
        let lines = arguments.has("jsonl")
        var documents: [JSONValue] = []
        var worst = ExitCode.success
        for path in paths {
            let result = outcome(of: path, console: console, process: process)
            if let diagnostic = result.diagnostic { console.writeError(diagnostic) }
            worst = max(worst, result.exitCode)
            switch format {
            case .text: try console.writeText(result.text + (several ? "\n" : ""))
            case .json where lines:
                try console.writeJSON(result.json, compact: true)
                try console.flush()
            case .json: documents.append(result.json)
            }
        }
        if format == .json, !lines, let first = documents.first {
            try console.writeJSON(several ? .array(documents) : first, compact: arguments.has("compact"))
        }
        return worst
    }

    /// Reads and processes one FILE; a failure becomes its error document.
    static func outcome(
        of path: String, console: any Console, process: (NamedInput) throws(CLIError) -> FileResult
    ) -> FileResult {
        var size: Int? = nil
        do throws(CLIError) {
            let input = try console.readInput(path)
            size = input.bytes.count
            return try process(input)
        } catch {
            return ErrorDocument(source: NamedInput.source(ofPath: path), size: size, error).fileResult
        }
    }
}
