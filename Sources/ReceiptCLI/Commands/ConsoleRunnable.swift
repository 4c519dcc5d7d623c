import ArgumentParser

/// A subcommand as the CLI runs it: ArgumentParser parses and validates the command line into the command's
/// typed properties, then the command runs against a console (the process's streams, or a buffer in tests) and
/// returns one of the documented exit statuses. Every subcommand is one file in this folder, listed once in
/// ``AppReceipt``'s configuration.
protocol ConsoleRunnable: ParsableCommand {
    func run(console: any Console) throws(CLIError) -> ExitCode
}
