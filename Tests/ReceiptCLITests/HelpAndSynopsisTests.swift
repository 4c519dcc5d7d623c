import Foundation
import ReceiptCLI
import Testing

/// Help says what the parser accepts (issue 11, point 7): every option of a subcommand's `--help` is in its usage
/// line (or the line says `[<options>]`, as ArgumentParser shortens a long one) and in the man page's synopsis,
/// and asking for help about help is not an error.
@Suite struct HelpAndSynopsisTests {
    /// The subcommands the man page's SYNOPSIS covers, with the options each one's `--help` lists.
    static func documentedOptions() throws -> [(name: String, usage: String, options: [String], synopsis: String)] {
        let man = try String(contentsOf: BinaryRunner.projectRoot.appendingPathComponent("man/appreceipt.1"), encoding: .utf8)
        let synopsisText = try #require(man.components(separatedBy: ".Sh SYNOPSIS").last?.components(separatedBy: ".Sh ").first)
        // One block per `.Nm` line: `.Cm NAME` and its options.
        let blocks = synopsisText.components(separatedBy: ".Nm\n").filter { $0.hasPrefix(".Cm ") && !$0.hasPrefix(".Cm help") }
        return try blocks.map { block in
            let name = String(block.dropFirst(4).prefix { $0 != "\n" })
            let console = BufferConsole()
            try #require(console.run("help", name) == 0, "help \(name): \(console.err)")
            let usage = try #require(console.out.split(separator: "\n").first { $0.hasPrefix("USAGE: ") }.map(String.init))
            let optionLines = console.out.components(separatedBy: "OPTIONS:\n").last?.components(separatedBy: "\n\n").first ?? ""
            // Option rows start with their name; wrapped help continues on indented lines of plain words.
            let options = optionLines.split(separator: "\n").compactMap { line in
                line.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map { $0.trimmingCharacters(in: [","]) }
            }
            return (name, usage, options.filter { $0.hasPrefix("--") && !["--help", "--version"].contains($0) }, block)
        }
    }

    @Test func everyOptionIsInTheUsageLineAndTheManPageSynopsis() throws {
        let documented = try Self.documentedOptions()
        #expect(Set(documented.map(\.name)).isSuperset(of: ["decode", "verify", "compare", "subscriptions", "dump"]))
        for entry in documented {
            #expect(!entry.options.isEmpty, "\(entry.name) lists no options")
            for option in entry.options {
                let inUsage =
                    entry.usage.contains("[<options>]")
                    || ["[\(option)", "\(option) ", "\(option)]"].contains { entry.usage.contains($0) }
                #expect(inUsage, "usage of \(entry.name) lacks \(option): \(entry.usage)")
                #expect(
                    entry.synopsis.contains("Fl -\(option.dropFirst(2))\n")
                        || entry.synopsis.contains("Fl -\(option.dropFirst(2)) "),
                    "man page synopsis of \(entry.name) lacks \(option)")
            }
        }
    }

    @Test(arguments: [["help", "--help"], ["help", "-h"], ["help", "help"]])
    func helpAboutHelpIsTheOverview(arguments: [String]) {
        let console = BufferConsole()
        #expect(CLI.run(arguments, console: console) == 0)
        #expect(console.out.contains("USAGE: appreceipt <subcommand>"))
        #expect(console.err.isEmpty)
    }
}
