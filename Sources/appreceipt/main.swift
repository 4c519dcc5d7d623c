import ReceiptCLI

#if canImport(Glibc)
    import Glibc
#endif

// A closed pipe must come back as EPIPE from write, so the CLI can stop quietly with status 0 (see
// `CLIError.outputClosed`), instead of the process dying by SIGPIPE (a shell's 141).
signal(SIGPIPE, SIG_IGN)
#if canImport(Glibc)
    // glibc serves blocks of 128 KB and more with mmap and gives freed memory back to the kernel at once, so every
    // large receipt (a 79 KB DER is several such blocks as it is decoded and printed) paid for fresh pages
    // again: about 7 % of a batch. Freed memory is kept for reuse instead (peak memory unchanged: the same
    // blocks come back for the next receipt).
    // (mallopt is declared in malloc.h, which the Glibc module leaves out: it is looked up as a C function.
    // -3, -1 and -2 are M_MMAP_THRESHOLD, M_TRIM_THRESHOLD and M_TOP_PAD there.)
    if let symbol = dlsym(nil, "mallopt") {
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-3, 32 << 20)
        _ = mallopt(-1, 64 << 20)
        _ = mallopt(-2, 4 << 20)
    }
#endif
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
