import ReceiptKit

/// What every subcommand prints for an input it could not read or process, in one shape, so a script reads
/// errors the same way wherever they come from: `{format_version, input: {source, size?}, error: {message,
/// exit_code, offset?}}`, plus `verdict: "malformed"` from verify when the input was read but is not a receipt.
/// `message` does not repeat the source; `exit_code` is the status this input alone would give.
struct ErrorDocument {
    let source: String
    /// Bytes read, when the input could be read at all.
    let size: Int?
    let message: String
    let exitCode: ExitCode
    let offset: Int?
    var verdict: Verdict? = nil
    /// The line for stderr, which names the input in front as every diagnostic does.
    let diagnostic: String

    init(source: String, size: Int? = nil, _ error: CLIError) {
        self.source = source
        self.size = size
        message = error.detail
        exitCode = error.exitCode
        offset = error.offset
        diagnostic = "appreceipt: error: \(error)\n"
    }

    /// The `error` member's value: `{exit_code, message, offset?}`, also what `dump` adds to the tree of a damaged
    /// input.
    func writeError(to output: inout JSONOutput) {
        output.beginObject()
        output.key("exit_code")
        output.integer(Int(exitCode.rawValue))
        output.key("message")
        output.string(message)
        output.member("offset", integer: offset)
        output.endObject()
    }

    /// The error line of the text rendering.
    var errorLine: String { "error              \(message) (exit \(exitCode.rawValue))" }

    func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("error")
        writeError(to: &output)
        output.key("format_version")
        output.integer(DecodeDocument.formatVersion)
        output.key("input")
        output.beginObject()
        output.member("size", integer: size)
        output.key("source")
        output.string(source)
        output.endObject()
        if let verdict {
            output.key("verdict")
            output.string(verdict.rawValue)
        }
        output.endObject()
    }

    /// The text rendering: the source, the verdict when there is one, and the error with its status.
    var text: String {
        var lines = ["source             \(source)"]
        if let verdict { lines.append("verdict            \(verdict.rawValue)") }
        lines.append(errorLine)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The result a per-file command gives for this error: the document, its text and a line for stderr.
    var fileResult: FileResult {
        FileResult(writeJSON: write, renderText: { text }, exitCode: exitCode, diagnostic: diagnostic)
    }
}
