/// Help texts built from the subcommands' own declarations, so --help, `help NAME` and the options agree.
enum HelpText {
    static let exitStatus = """
        EXIT STATUS:
          0   success (verify: valid; compare: no disagreement; audit: every record valid, no signal)
          1   the answer is negative (verify: invalid, untrusted or unverifiable_here; compare: a disagreement;
              audit: a record not valid or a signal raised)
          64  usage error
          65  input is not a receipt that can be parsed (the message says what and where)
          66  input file missing or unreadable
          69  remote verifier unreachable or kept answering with a retryable error
          70  internal error
          74  writing output failed (a reader that closed the pipe is not a failure: 0)
          130 audit interrupted (Ctrl-C); the output ends with a complete line
        """

    static func overview() -> String {
        let width = CLI.subcommands.map { $0.name.count }.max() ?? 0
        let list = CLI.subcommands.map { "  \($0.name.padding(width))  \($0.abstract)" }.joined(separator: "\n")
        return """
            OVERVIEW: take Apple App Store receipts apart and tell the truth about them

            USAGE: appreceipt <subcommand> [options] [FILE ...]
                   FILE is a receipt (base64, DER, or a {"receipt-data": ...} body); none or '-' reads stdin.

            SUBCOMMANDS:
            \(list)
              help \("".padding(max(0, width - 5)))  Show help for a subcommand: appreceipt help decode

            OPTIONS:
              --help, -h   Show help.
              --version    Print the version.

            \(exitStatus)

            """
    }

    static func help(for command: any Subcommand.Type) -> String {
        let options = command.options + [CommonOptions.help]
        let labels = options.map { option in "--\(option.name)" + (option.valueName.map { " \($0)" } ?? "") }
        let width = labels.map(\.count).max() ?? 0
        let lines = zip(labels, options).map { label, option in
            "  \(label.padding(width))  \(option.help)" + (option.repeatable ? " (repeatable)" : "")
        }
        return """
            OVERVIEW: \(command.abstract)

            USAGE: appreceipt \(command.name) \(command.usage)

            \(command.discussion)

            OPTIONS:
            \(lines.joined(separator: "\n"))

            \((command as? any ListsItsOwnExitStatus.Type)?.exitStatus ?? exitStatus)

            """
    }
}

/// A subcommand that returns only some of the tool's exit statuses lists its own under EXIT STATUS, so that its
/// help never names a status it cannot return.
protocol ListsItsOwnExitStatus {
    /// The EXIT STATUS section, heading included.
    static var exitStatus: String { get }
}
