import ReceiptKit

/// The command-line front end: dispatches to subcommands, prints errors, and returns the exit status.
public enum CLI {
    public static let version = "0.1.0"

    static var subcommands: [any Subcommand.Type] {
        [
            DecodeCommand.self, VerifyCommand.self, CompareCommand.self, SubscriptionsCommand.self, DumpCommand.self,
            AuditCommand.self, SummarizeCommand.self, ReportCommand.self, APICommand.self,
        ]
    }

    /// Runs `appreceipt` with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], console: any Console) -> Int32 {
        do {
            return try dispatch(arguments, console: console).rawValue
        } catch {
            if case .outputClosed = error { return error.exitCode.rawValue }
            console.writeError("appreceipt: error: \(error)\n")
            if case .usage(_, let command) = error {
                let helpCommand = command.map { "appreceipt help \($0)" } ?? "appreceipt --help"
                console.writeError("See '\(helpCommand)'.\n")
            }
            return error.exitCode.rawValue
        }
    }

    private static func dispatch(_ arguments: [String], console: any Console) throws(CLIError) -> ExitCode {
        guard let first = arguments.first else {
            throw .usage("no subcommand given", command: nil)
        }
        switch first {
        case "--help", "-h":
            try console.writeOut(HelpText.overview())
            return .success
        case "--version":
            try console.writeOut("appreceipt \(version)\n")
            return .success
        case "help":
            // `help --help` and `help help` are questions about help itself: the overview answers them.
            guard arguments.count > 1, !["--help", "-h", "help"].contains(arguments[1]) else {
                try console.writeOut(HelpText.overview())
                return .success
            }
            guard let command = subcommand(named: arguments[1]) else {
                throw .usage("unknown subcommand '\(arguments[1])'", command: nil)
            }
            try console.writeOut(HelpText.help(for: command))
            return .success
        default:
            guard let command = subcommand(named: first) else {
                throw .usage("unknown subcommand '\(first)'", command: nil)
            }
            let parsed = try ArgumentParser.parse(
                Array(arguments.dropFirst()), options: command.options + [CommonOptions.help], command: command.name)
            if parsed.has("help") {
                try console.writeOut(HelpText.help(for: command))
                return .success
            }
            return try command.run(parsed, console: console)
        }
    }

    static func subcommand(named name: String) -> (any Subcommand.Type)? {
        subcommands.first { $0.name == name }
    }
}
