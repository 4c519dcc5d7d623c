import ReceiptKit

/// One input's result as a command prints it: how to write its JSON document, how to render its text, the exit
/// status it implies, and a diagnostic line for stderr when something went wrong. Only the form asked for is
/// ever produced.
struct FileResult {
    let writeJSON: (inout JSONOutput) -> Void
    let renderText: () -> String
    let exitCode: ExitCode
    var diagnostic: String? = nil
}

/// The one loop of every subcommand that takes FILEs. The output's shape depends only on the options and the
/// number of FILEs, never on what happened to them: one FILE prints its document, several print a JSON array
/// with one document per file in order, and `--jsonl` prints one compact document per line, each as soon as
/// its file is done (text: each rendering, followed by a blank line when there are several). A file that cannot
/// be read or processed gets an ``ErrorDocument`` in its place and a line on stderr, and the others go on. The
/// exit status is the worst of all.
///
/// Every document is written as soon as its file is done (the array's brackets around them), into one reused
/// buffer, so memory does not grow with the number of FILEs.
enum PerFileLoop {
    /// `files` as given (none: standard input); `jsonLines` is `--jsonl`.
    static func run(
        _ files: [String], format: OutputFormat, compact: Bool, jsonLines lines: Bool = false, console: any Console,
        process: (NamedInput) throws(CLIError) -> FileResult
    ) throws(CLIError) -> ExitCode {
        let paths = files.isEmpty ? ["-"] : files
        let several = paths.count > 1
        var output = JSONOutput(pretty: !lines && !compact, capacity: 64 * 1024)
        let array = format == .json && several && !lines
        if array { output.beginArray() }
        var worst = ExitCode.success
        for path in paths {
            let result = outcome(of: path, console: console, process: process)
            if let diagnostic = result.diagnostic { console.writeError(diagnostic) }
            worst = max(worst, result.exitCode)
            switch format {
            case .text: try console.writeText(result.renderText() + (several ? "\n" : ""))
            case .json where lines:
                result.writeJSON(&output)
                output.appendRaw(0x0A)
                try console.writeOut(output)
                output.reset()
                try console.flush()
            case .json:
                result.writeJSON(&output)
                try console.writeOut(output)
                output.dropWrittenBytes()
            }
        }
        if format == .json, !lines {
            if array { output.endArray() }
            output.appendRaw(0x0A)
            try console.writeOut(output)
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
