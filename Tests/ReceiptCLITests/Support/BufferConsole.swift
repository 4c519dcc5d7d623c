import ReceiptCLI

/// An in-memory console for running the CLI in process.
final class BufferConsole: Console {
    var out = ""
    var err = ""
    var input: [UInt8]
    var environment: [String: String]
    let standardErrorIsTerminal = false
    private var lines: [[UInt8]]

    init(stdin: [UInt8] = [], environment: [String: String] = [:]) {
        input = stdin
        self.environment = environment
        lines = stdin.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) + [0x0A] }
        if lines.last == [0x0A] { lines.removeLast() }
    }

    func writeOut(_ text: String) throws(CLIError) { out += text }
    func writeError(_ text: String) { err += text }
    func readStandardInput() throws(CLIError) -> [UInt8] { input }
    func readLine() throws(CLIError) -> [UInt8]? { lines.isEmpty ? nil : lines.removeFirst() }

    /// Runs the CLI and returns the exit status.
    func run(_ arguments: String...) -> Int32 { CLI.run(arguments, console: self) }
}
