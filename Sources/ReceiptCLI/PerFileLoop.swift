import ReceiptKit

/// One input's result as a command prints it: the JSON document, its text rendering, the exit status it
/// implies, and a diagnostic line for stderr when something went wrong.
struct FileResult {
    let json: JSONValue
    let text: String
    let exitCode: ExitCode
    var diagnostic: String? = nil
}

/// The one loop of every subcommand that takes several FILEs. One FILE prints its document; several print a
/// JSON array with one document per file, in order (text: each rendering followed by a blank line). A file
/// that cannot be read or processed becomes `{input: {source}, error: {message, exit_code, offset?}}` in the
/// array and a line on stderr, and the others go on; with a single FILE the error is thrown instead. The exit
/// status is the worst of all.
enum PerFileLoop {
    static func run(
        _ arguments: ParsedArguments, console: any Console, format: OutputFormat,
        process: (NamedInput) throws(CLIError) -> FileResult
    ) throws(CLIError) -> ExitCode {
        let paths = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        let inputs = console.readInputs(arguments.positionals)
        let several = inputs.count > 1
        var documents: [JSONValue] = []
        var worst = ExitCode.success
        for (path, input) in zip(paths, inputs) {
            let result: FileResult
            do throws(CLIError) {
                result = try process(input.get())
            } catch {
                if !several { throw error }
                console.writeError("appreceipt: error: \(error)\n")
                worst = max(worst, error.exitCode)
                documents.append(errorDocument(source: path, error))
                continue
            }
            if let diagnostic = result.diagnostic { console.writeError(diagnostic) }
            worst = max(worst, result.exitCode)
            documents.append(result.json)
            if format == .text { try console.writeText(result.text + (several ? "\n" : "")) }
        }
        if format == .json {
            try console.writeJSON(several ? .array(documents) : documents[0], compact: arguments.has("compact"))
        }
        return worst
    }

    /// The error document of a file that could not be read or processed.
    static func errorDocument(source: String, _ error: CLIError) -> JSONValue {
        var failure: [String: JSONValue] = [
            "message": .string(error.description), "exit_code": .integer(Int(error.exitCode.rawValue)),
        ]
        if case .undecodable(_, let decodeError) = error, let offset = decodeError.offset {
            failure["offset"] = .integer(offset)
        }
        return .object(["input": .object(["source": .string(source)]), "error": .object(failure)])
    }
}
