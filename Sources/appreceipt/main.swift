import ReceiptCLI

#if canImport(Glibc)
    import Glibc
#endif

// A closed pipe should become a write error (exit 74), not a silent death by SIGPIPE.
signal(SIGPIPE, SIG_IGN)
let console = ProcessConsole()
var status = CLI.run(Array(CommandLine.arguments.dropFirst()), console: console)
do {
    try console.flush()
} catch {
    // A reader that went away (`| head`) is not worth a message, but the status still says output was cut.
    if errno != EPIPE { console.writeError("appreceipt: error: \(error)\n") }
    if status == 0 { status = error.exitCode.rawValue }
}
exit(status)
