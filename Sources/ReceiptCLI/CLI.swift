import ArgumentParser
import ReceiptKit

/// The command-line front end: parses with ArgumentParser (``AppReceipt`` and its subcommands), runs the
/// subcommand against a console, prints errors, and returns the exit status.
package enum CLI {
    package static let version = "0.1.0"

    /// Help and usage are laid out for this many columns whatever the terminal, so they read the same in a
    /// terminal, a pipe, a test and a man page.
    static let helpColumns = 80

    /// Runs `appreceipt` with `arguments` (without the program name) and returns the exit status.
    package static func run(_ arguments: [String], console: any Console) -> Int32 {
        // `help help` is a question about help itself: the overview answers it, as `help --help` does.
        let arguments = arguments.starts(with: ["help", "help"]) ? ["--help"] : arguments
        let command: any ParsableCommand
        do {
            try CommandLineChecks.check(arguments)
            command = try AppReceipt.parseAsRoot(arguments)
        } catch {
            return report(error, console: console)
        }
        guard let runnable = command as? any ConsoleRunnable else {
            // ArgumentParser's own `help SUBCOMMAND`, whose run throws the help request.
            var command = command
            do {
                try command.run()
            } catch {
                return report(error, console: console)
            }
            return 0
        }
        do throws(CLIError) {
            if let option = CommandLineChecks.repeatedSingleValuedOption(arguments) {
                throw .usage("option '\(option)' given more than once")
            }
            return try runnable.run(console: console).rawValue
        } catch {
            if case .outputClosed = error { return error.exitCode.rawValue }
            console.writeError("appreceipt: error: \(error)\n")
            if case .usage = error { console.writeError(usage(of: type(of: runnable))) }
            return error.exitCode.rawValue
        }
    }

    /// The usage line of a subcommand and where its help is, as ArgumentParser prints them after a usage error.
    static func usage(of command: any ParsableCommand.Type) -> String {
        let name = command.configuration.commandName ?? ""
        return "Usage: appreceipt \(command.usageString())\n  See 'appreceipt \(name) --help' for more information.\n"
    }

    /// What ArgumentParser stopped with: help, version and completion scripts go to stdout with status 0; a
    /// usage error goes to stderr, with the usage line and where to find help, with status 64.
    static func report(_ error: any Error, console: any Console) -> Int32 {
        let status = AppReceipt.exitCode(for: error).rawValue
        let text = AppReceipt.fullMessage(for: error, columns: helpColumns)
        guard status == 0 else {
            console.writeError(text.hasSuffix("\n") ? text : text + "\n")
            return status
        }
        do throws(CLIError) {
            try console.writeOut(text.hasSuffix("\n") ? text : text + "\n")
        } catch {
            if case .outputClosed = error { return 0 }
            console.writeError("appreceipt: error: \(error)\n")
            return error.exitCode.rawValue
        }
        return 0
    }
}
