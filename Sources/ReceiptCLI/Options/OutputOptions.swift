import ArgumentParser

/// `--format json|text` and `--compact`: how a command prints its one document.
struct OutputOptions: ParsableArguments {
    @Option(help: "Output format (never switched by whether stdout is a terminal).")
    var format: OutputFormat = .json

    @Flag(help: "Print JSON on one line (JSON only).")
    var compact = false

    /// `--compact` shapes JSON, so asking for it with text is a usage error rather than something silently ignored.
    func validate() throws {
        if format == .text, compact { throw ValidationError(Self.onlyForJSON("--compact", format: "text")) }
    }

    /// The usage error of a JSON-shaping option given with another format.
    static func onlyForJSON(_ option: String, format: String) -> String {
        "\(option) shapes JSON output; it cannot be used with --format \(format)"
    }
}

/// `--format`, `--compact` and `--jsonl`: how a command that takes several FILEs prints their documents.
struct StreamOutputOptions: ParsableArguments {
    @OptionGroup var output: OutputOptions

    @Flag(help: "JSON Lines: one compact document per FILE and line, written as each FILE is done (JSON only).")
    var jsonl = false

    func validate() throws {
        if output.format == .text, jsonl { throw ValidationError(OutputOptions.onlyForJSON("--jsonl", format: "text")) }
    }
}
