import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command reads and writes: the real process streams, or buffers in tests.
///
/// Nothing from input reaches a terminal raw: text-format output goes through ``writeText(_:)`` and every
/// diagnostic through ``writeError(_:)``, both of which escape control characters (see
/// `String.escapingControlCharactersKeepingLayout`). ``writeOut(_:)`` writes as given and is for JSON, whose
/// writer already escapes them, and for the tool's own fixed text (help, version).
package protocol Console: AnyObject {
    /// Writes to standard output exactly as given: JSON documents and fixed text only.
    func writeOut(_ text: String) throws(CLIError)
    /// Writes bytes to standard output exactly as given: JSON documents, straight from the writer's buffer.
    func writeOut(bytes: UnsafeRawBufferPointer) throws(CLIError)
    /// Writes to standard error exactly as given. Call ``writeError(_:)``, which escapes first.
    func writeStandardError(_ text: String)
    /// Reads all of standard input.
    func readStandardInput() throws(CLIError) -> [UInt8]
    /// Hands what was written so far to the reader, so streamed output (`--jsonl`) arrives line by line.
    func flush() throws(CLIError)
    /// The process environment (the CLI layer is the only place that reads it).
    var environment: [String: String] { get }
}

extension Console {
    /// Nothing to hand over for consoles without a buffer of their own.
    package func flush() throws(CLIError) {}

    /// Writes the bytes as text; consoles that can write bytes directly do so.
    package func writeOut(bytes: UnsafeRawBufferPointer) throws(CLIError) {
        try writeOut(String(decoding: bytes, as: UTF8.self))
    }

    /// Writes what `output` holds, from its buffer (no copy).
    func writeOut(_ output: JSONOutput) throws(CLIError) {
        try output.withBytes { (bytes) throws(CLIError) in try writeOut(bytes: bytes) }
    }

    /// Writes a text-format report to standard output with control characters escaped, line feeds and tabs kept,
    /// so a forged value cannot move the cursor, erase lines or reorder what a terminal shows.
    package func writeText(_ text: String) throws(CLIError) {
        try writeOut(text.escapingControlCharactersKeepingLayout)
    }

    /// Writes a diagnostic to standard error with control characters escaped, line feeds and tabs kept: messages
    /// quote file names and bits of input.
    package func writeError(_ text: String) {
        writeStandardError(text.escapingControlCharactersKeepingLayout)
    }

    /// Redraws the current line of standard error in place (a progress line): a raw carriage return, the text with
    /// every control character escaped, and with `clearingRest` the raw erase-to-end-of-line sequence. The only
    /// control characters that reach the terminal are these two of the tool's own.
    package func redrawErrorLine(_ text: String, clearingRest: Bool = false) {
        writeStandardError("\r" + text.escapingControlCharacters + (clearingRest ? "\u{1B}[K" : ""))
    }
}

/// The process's own standard streams.
package final class ProcessConsole: Console {
    // Own FILE streams over the standard descriptors: Swift 6 forbids touching the C globals stdin/stdout.
    private let output: UnsafeMutablePointer<FILE>?
    private let errors: UnsafeMutablePointer<FILE>?
    private let input: UnsafeMutablePointer<FILE>?

    package init() {
        output = fdopen(1, "w")
        errors = fdopen(2, "w")
        input = fdopen(0, "r")
    }

    package func writeOut(_ text: String) throws(CLIError) {
        var text = text
        let expected = text.utf8.count
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, output) }
        guard written == expected else { throw Self.writeFailure(errno) }
    }

    package func writeOut(bytes: UnsafeRawBufferPointer) throws(CLIError) {
        let written = fwrite(bytes.baseAddress, 1, bytes.count, output)
        guard written == bytes.count else { throw Self.writeFailure(errno) }
    }

    /// EPIPE means the reader is gone (`| head`), which ends the run quietly; anything else (ENOSPC, EIO) is an
    /// output error.
    static func writeFailure(_ code: Int32) -> CLIError {
        code == EPIPE ? .outputClosed : .output(String(cString: strerror(code)))
    }

    package func writeStandardError(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, errors) }
        fflush(errors)
    }

    /// Flushes standard output; a reader that went away ends the run quietly, another failure is an output error.
    package func flush() throws(CLIError) {
        guard fflush(output) == 0 else { throw Self.writeFailure(errno) }
    }

    /// Reads standard input to its end. A terminal gets a line on stderr first, so a command run without FILE
    /// does not seem to hang while it waits for the user.
    package func readStandardInput() throws(CLIError) -> [UInt8] {
        guard let input else { throw .unreadable(path: "standard input", reason: "not open") }
        noteReadingTerminal("the receipt")
        return try FileReader.readAll(input, path: "standard input")
    }

    /// When standard input is a terminal, says on stderr that `what` is read from it, so a command that streams
    /// standard input (audit, summarize, report) does not seem to hang while it waits for the user.
    package func noteReadingTerminal(_ what: String) {
        if isatty(0) == 1 { writeError("appreceipt: reading \(what) from standard input (a terminal); end it with Ctrl-D\n") }
    }

    package var environment: [String: String] {
        var result: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            cursor += 1
        }
        return result
    }
}
