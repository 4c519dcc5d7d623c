import ReceiptCLI

#if canImport(Glibc)
    import Glibc
#endif

// A closed pipe must come back as EPIPE from write, so the CLI can stop quietly with status 0 (see
// `CLIError.outputClosed`), instead of the process dying by SIGPIPE (a shell's 141).
signal(SIGPIPE, SIG_IGN)
let console = ProcessConsole()
var status = CLI.run(Array(CommandLine.arguments.dropFirst()), console: console)
do {
    try console.flush()
} catch {
    // A reader that went away (`| head`) is not worth a message and is not a failure; a full disk is both.
    if case .outputClosed = error {
        status = ExitCode.success.rawValue
    } else {
        console.writeError("appreceipt: error: \(error)\n")
        if status == 0 { status = error.exitCode.rawValue }
    }
}
exit(status)
