import Foundation
import ReceiptCLI
import TestSupport
import Testing

/// Help says what the parser accepts (issue 11, point 7), and help, man pages and completion scripts come from
/// the same declarations (issue 21): every option of a subcommand's `--help` is in its usage line (or the line says
/// `[<options>]`, as ArgumentParser shortens a long one), in the SYNOPSIS of its man page and in each shell's
/// completion script, and asking for help about help is not an error. (That the committed pages are exactly what
/// the declarations generate is `make lint`'s check, scripts/man-pages.sh --check.)
@Suite struct HelpAndSynopsisTests {
    static let subcommands = ["decode", "verify", "compare", "subscriptions", "dump", "audit", "summarize", "report"]

    /// The usage line and the long options `help NAME` lists, ArgumentParser's own `--help` and `--version` aside.
    static func help(_ name: String) throws -> (usage: String, options: [String]) {
        let console = BufferConsole()
        try #require(console.run("help", name) == 0, "help \(name): \(console.err)")
        let usage = try #require(console.out.split(separator: "\n").first { $0.hasPrefix("USAGE: ") }.map(String.init))
        let optionLines = console.out.components(separatedBy: "OPTIONS:\n").last?.components(separatedBy: "\n\n").first ?? ""
        // Option rows start with their name; wrapped help continues on indented lines of plain words.
        let options = optionLines.split(separator: "\n").compactMap { line in
            line.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map { $0.trimmingCharacters(in: [","]) }
        }
        return (usage, options.filter { $0.hasPrefix("--") && !["--help", "--version"].contains($0) })
    }

    static func manPage(_ name: String) throws -> String {
        try String(contentsOf: Project.root.appendingPathComponent("man/\(name).1"), encoding: .utf8)
    }

    @Test(arguments: subcommands)
    func everyOptionIsInTheUsageLineAndTheManPageSynopsis(name: String) throws {
        let (usage, options) = try Self.help(name)
        let page = try Self.manPage("appreceipt-\(name)")
        let synopsis = try #require(page.components(separatedBy: ".Sh SYNOPSIS\n").last?.components(separatedBy: ".Sh ").first)
        #expect(!options.isEmpty, "\(name) lists no options")
        for option in options {
            let inUsage =
                usage.contains("[<options>]") || ["[\(option)", "\(option) ", "\(option)]"].contains { usage.contains($0) }
            #expect(inUsage, "usage of \(name) lacks \(option): \(usage)")
            let flag = "Fl -\(option.dropFirst(2))"
            #expect(synopsis.contains(flag + "\n") || synopsis.contains(flag + " "), "appreceipt-\(name)(1) lacks \(option)")
        }
    }

    /// One page per subcommand plus appreceipt(1), which points at each; each carries its exit statuses and
    /// examples in sections of their own.
    @Test func thereIsAManPagePerSubcommand() throws {
        let root = try Self.manPage("appreceipt")
        for name in Self.subcommands {
            #expect(root.contains(".Xr appreceipt-\(name) 1"), "appreceipt(1) does not point at \(name)")
            let page = try Self.manPage("appreceipt-\(name)")
            #expect(page.contains(".Dt APPRECEIPT-\(name.uppercased()) 1"))
            #expect(page.contains(".Sh \"EXIT STATUS\"\n.Bl -tag"), "appreceipt-\(name)(1) has no exit status table")
            #expect(page.contains(".It 64\nusage error"), "appreceipt-\(name)(1)")
        }
        #expect(try Self.manPage("appreceipt-verify").contains("TRUST MODEL: The signer is found by issuer and serial"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsOfferEverySubcommandAndOption(shell: String) throws {
        let console = BufferConsole()
        #expect(console.run("--generate-completion-script", shell) == 0, "\(console.err)")
        #expect(console.err.isEmpty)
        for name in Self.subcommands {
            #expect(console.out.contains(name), "\(shell) completion lacks \(name)")
            for option in try Self.help(name).options {
                // bash and zsh name options with their dashes, fish by their long name (`-l 'format'`).
                let spelled = shell == "fish" ? "-l '\(option.dropFirst(2))'" : option
                #expect(console.out.contains(spelled), "\(shell) completion lacks \(name) \(option)")
            }
        }
        #expect(console.out.contains("json") && console.out.contains("text"), "--format's values")
    }

    @Test(arguments: [["help", "--help"], ["help", "-h"], ["help", "help"]])
    func helpAboutHelpIsTheOverview(arguments: [String]) {
        let console = BufferConsole()
        #expect(CLI.run(arguments, console: console) == 0)
        #expect(console.out.contains("USAGE: appreceipt <subcommand>"))
        #expect(console.err.isEmpty)
    }
}
