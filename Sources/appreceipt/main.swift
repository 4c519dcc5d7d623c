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
    console.writeError("appreceipt: error: \(error)\n")
    if status == 0 { status = error.exitCode.rawValue }
}
exit(status)
