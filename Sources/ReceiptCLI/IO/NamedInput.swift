import ReceiptKit

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
