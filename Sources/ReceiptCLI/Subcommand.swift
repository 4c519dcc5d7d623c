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
    static let compact = OptionSpec.flag("compact", "Print JSON on one line.")
    static let help = OptionSpec.flag("help", "Show this help (also -h).")
}

/// The two output formats.
enum OutputFormat: String {
    case json
    case text

    static func from(_ arguments: ParsedArguments, command: String) throws(CLIError) -> OutputFormat {
        guard let raw = arguments.value("format") else { return .json }
        guard let format = OutputFormat(rawValue: raw) else {
            throw .usage("--format must be json or text, not '\(raw)'", command: command)
        }
        return format
    }
}

/// One input as named on the command line, and its bytes.
struct NamedInput {
    let source: String
    let bytes: [UInt8]
}

extension Console {
    /// The inputs named by FILE arguments; none, or `-`, means standard input.
    func readInputs(_ paths: [String]) -> [Result<NamedInput, CLIError>] {
        let names = paths.isEmpty ? ["-"] : paths
        return names.map { path in
            do throws(CLIError) {
                let bytes = path == "-" ? try readStandardInput() : try FileReader.read(path: path)
                return .success(NamedInput(source: path == "-" ? "(stdin)" : path, bytes: bytes))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Writes a JSON document and a final newline.
    func writeJSON(_ value: JSONValue, compact: Bool) throws(CLIError) {
        try writeOut(JSONWriter(pretty: !compact).string(value) + "\n")
    }
}
