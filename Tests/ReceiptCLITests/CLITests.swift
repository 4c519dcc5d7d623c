import Foundation
import ReceiptCLI
import Testing

@Suite struct CLIContractTests {
    @Test func helpAndVersionGoToStdoutWithStatusZero() {
        for arguments in [["--help"], ["help"], ["-h"]] {
            let console = BufferConsole()
            #expect(CLI.run(arguments, console: console) == 0)
            #expect(console.out.contains("USAGE: appreceipt <subcommand>"))
            #expect(console.out.contains("decode"))
            #expect(console.err.isEmpty)
        }
        for arguments in [["help", "decode"], ["decode", "--help"], ["dump", "-h"]] {
            let console = BufferConsole()
            #expect(CLI.run(arguments, console: console) == 0)
            #expect(console.out.contains("USAGE: appreceipt \(arguments.contains("dump") ? "dump" : "decode")"))
            #expect(console.out.contains("EXIT STATUS"))
        }
        let console = BufferConsole()
        #expect(console.run("--version") == 0)
        #expect(console.out.hasPrefix("appreceipt "))
    }

    @Test(arguments: [
        (["frobnicate"], "unknown subcommand 'frobnicate'"),
        (["decod"], "unknown subcommand 'decod'. Did you mean 'decode'?"),
        (["help", "verfy"], "unknown subcommand 'verfy'. Did you mean 'verify'?"),
        ([], "no subcommand given"),
        (["decode", "--bogus"], "Unknown option '--bogus'"),
        (["decode", "--format"], "Missing value for '--format <format>'"),
        (
            ["decode", "--format", "yaml"],
            "The value 'yaml' is invalid for '--format <format>'. Please provide one of 'json' and 'text'."
        ),
        (["decode", "--format=json", "--format", "text"], "option '--format' given more than once"),
        (["decode", "--compact=yes"], "The option '--compact' does not take any value, but 'yes' was specified."),
    ])
    func usageErrorsExit64WithAMessageOnStderr(arguments: [String], message: String) {
        let console = BufferConsole()
        #expect(CLI.run(arguments, console: console) == 64)
        #expect(console.out.isEmpty)
        #expect(console.err.contains("appreceipt: error: \(message)"))
        #expect(console.err.contains("See 'appreceipt"))
        // The usage line follows the message, the subcommand's when one was named.
        let usage = arguments.first == "decode" ? "Usage: appreceipt decode [" : "Usage: appreceipt <subcommand>"
        #expect(console.err.contains(usage), "\(console.err)")
    }

    @Test func missingFileExits66() {
        let console = BufferConsole()
        #expect(console.run("decode", "/nonexistent/receipt.b64") == 66)
        #expect(console.err.contains("cannot read /nonexistent/receipt.b64: No such file or directory"))
        // The error document stands in for the decode document (see OutputShapeTests).
        #expect(console.out.contains("\"exit_code\": 66"))
    }

    @Test func notBase64Exits65NamingCharacterAndOffset() {
        let console = BufferConsole(stdin: Array("MIIT#xyz".utf8))
        #expect(console.run("decode", "-") == 65)
        #expect(console.err.contains("(stdin): not base64: invalid character '#' at offset 4"))
        #expect(console.out.contains("\"message\": \"not base64: invalid character '#' at offset 4\""))
    }

    @Test func optionsAfterDoubleDashAreFiles() {
        let console = BufferConsole()
        #expect(console.run("decode", "--", "--format") == 66)
        #expect(console.err.contains("cannot read --format"))
    }
}
