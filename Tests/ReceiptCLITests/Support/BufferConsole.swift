import ReceiptCLI

/// An in-memory console for running the CLI in process.
final class BufferConsole: Console {
    var out = ""
    var err = ""
    var input: [UInt8]
    var environment: [String: String]

    init(stdin: [UInt8] = [], environment: [String: String] = [:]) {
        input = stdin
        self.environment = environment
    }

    func writeOut(_ text: String) throws(CLIError) { out += text }
    func writeStandardError(_ text: String) { err += text }
    func readStandardInput() throws(CLIError) -> [UInt8] { input }

    /// Runs the CLI and returns the exit status.
    func run(_ arguments: String...) -> Int32 { CLI.run(arguments, console: self) }
}
