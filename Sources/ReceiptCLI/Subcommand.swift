import ReceiptKit

/// A subcommand: its help text, its options and what it does. One per file.
protocol Subcommand {
    static var name: String { get }
    /// One line for the command list.
    static var abstract: String { get }
    /// The synopsis after `appreceipt NAME`.
    static var usage: String { get }
    /// Paragraphs shown by `help NAME`.
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    static func run(_ arguments: ParsedArguments, console: any Console) throws(CLIError) -> ExitCode
}

/// Options several subcommands share.
enum CommonOptions {
    static let format = OptionSpec.value(
        "format", "json|text", "Output format (default json; never switched by whether stdout is a terminal).")
    static let compact = OptionSpec.flag("compact", "Print JSON on one line (JSON only).")
    static let jsonl = OptionSpec.flag(
        "jsonl", "JSON Lines: one compact document per FILE and line, written as each FILE is done (JSON only).")
    static let help = OptionSpec.flag("help", "Show this help (also -h).")
}

/// The two output formats.
enum OutputFormat: String {
    case json
    case text

    /// The `--format` asked for; `--compact` and `--jsonl` shape JSON, so asking for them with text is a usage error
    /// rather than something silently ignored.
    static func from(_ arguments: ParsedArguments, command: String) throws(CLIError) -> OutputFormat {
        guard let raw = arguments.value("format") else { return .json }
        guard let format = OutputFormat(rawValue: raw) else {
            throw .usage("--format must be json or text, not '\(raw)'", command: command)
        }
        for option in ["compact", "jsonl"] where format == .text && arguments.has(option) {
            throw .usage("--\(option) shapes JSON output; it cannot be used with --format text", command: command)
        }
        return format
    }
}

/// One input as named on the command line, and its bytes.
struct NamedInput {
    let source: String
    let bytes: [UInt8]

    /// How documents name an input: the path as given, `(stdin)` for `-`.
    static func source(ofPath path: String) -> String { path == "-" ? "(stdin)" : path }
}

extension Console {
    /// The input a FILE argument names; `-` means standard input.
    func readInput(_ path: String) throws(CLIError) -> NamedInput {
        let bytes = path == "-" ? try readStandardInput() : try FileReader.read(path: path)
        return NamedInput(source: NamedInput.source(ofPath: path), bytes: bytes)
    }

    /// Writes one JSON document, as `write` produces it, and a final newline.
    func writeJSON(compact: Bool, _ write: (inout JSONOutput) -> Void) throws(CLIError) {
        var output = JSONOutput(pretty: !compact)
        write(&output)
        output.appendRaw(0x0A)
        try writeOut(output)
    }
}
