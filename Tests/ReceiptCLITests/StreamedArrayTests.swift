import Foundation
import ReceiptCLI
import Testing

/// Several FILEs give exactly the bytes of one JSON array of the single-FILE documents, pretty (each element
/// indented one level) and compact, although each document is written as soon as its file is done.
@Suite struct StreamedArrayTests {
    static let files = [
        "TestVectors/receipts/zero-inapp.b64", "/nonexistent/receipt.b64", "TestVectors/receipts/one-inapp.b64",
        "TestVectors/malformed/truncated.der",
    ]

    /// The document one FILE gives, without its final newline.
    static func single(_ arguments: [String]) -> String {
        let console = BufferConsole()
        _ = CLI.run(arguments, console: console)
        return String(console.out.dropLast())
    }

    @Test(arguments: ["decode", "verify"])
    func severalFilesGiveTheArrayOfTheSingleDocuments(command: String) {
        let compact = Self.files.map { Self.single([command, "--compact", $0]) }
        let pretty = Self.files.map { Self.single([command, $0]) }
        #expect(compact.allSatisfy { $0.hasPrefix("{") } && pretty.allSatisfy { $0.hasPrefix("{\n") })

        let compactConsole = BufferConsole()
        _ = CLI.run([command, "--compact"] + Self.files, console: compactConsole)
        #expect(compactConsole.out == "[" + compact.joined(separator: ",") + "]\n")

        let prettyConsole = BufferConsole()
        _ = CLI.run([command] + Self.files, console: prettyConsole)
        let indented = pretty.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }
        #expect(prettyConsole.out == "[\n" + indented.joined(separator: ",\n") + "\n]\n")
    }
}
