import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What the built binary does at the edges of a shell pipeline (issue 11, points 2 and 7): a reader that goes
/// away (`| head -1`) ends the run quietly with status 0, and a terminal on standard input is told that the
/// tool is waiting for it.
@Suite struct PipeAndTerminalTests {
    struct Outcome {
        let status: Int32
        let stderr: String
    }

    /// Runs the binary with standard output on a pipe whose reading end is already closed, as `| head -1`
    /// leaves it once head has exited: every write fails with EPIPE, deterministically.
    static func runIntoClosedPipe(_ arguments: [String]) throws -> Outcome {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        let writer = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        let errors = Pipe()
        let process = Process()
        process.executableURL = BinaryRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = Project.root
        process.standardOutput = writer
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try writer.close()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "died of signal \(process.terminationStatus)")
        return Outcome(status: process.terminationStatus, stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test(arguments: [
        // Small: the write fails when the output is flushed at exit.
        ["decode", "TestVectors/receipts/zero-inapp.b64"],
        // Large (hundreds of KB): the write fails in the middle of the output.
        ["dump", "--format", "text", "TestVectors/receipts/many-inapp-200.der"],
        ["decode", "--jsonl", "TestVectors/receipts/many-inapp-200.der", "TestVectors/receipts/one-inapp.der"],
        ["verify", "--format", "text", "TestVectors/receipts/many-inapp-200.der"],
    ])
    func aClosedPipeEndsTheRunQuietlyWithStatusZero(arguments: [String]) throws {
        let outcome = try Self.runIntoClosedPipe(arguments)
        #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "\(arguments): \(outcome.stderr)")
    }

    /// Runs `decode` with no FILE and a pseudo-terminal on standard input, ending the input with Ctrl-D. Python's
    /// `pty` module makes the terminal (Glibc's module map leaves out posix_openpt and its companions).
    static func decodeFromATerminal(_ subcommand: String = "decode") throws -> Outcome {
        let script = """
            import os, pty, subprocess, sys
            primary, secondary = pty.openpty()
            child = subprocess.Popen([sys.argv[1], sys.argv[2]], stdin=secondary, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
            os.close(secondary)
            os.write(primary, b"\\x04")  # Ctrl-D at the start of a line: end of input
            _, errors = child.communicate(timeout=60)
            sys.stdout.write("%d\\n" % child.returncode)
            sys.stdout.buffer.write(errors)
            """
        let result = try Subprocess.run(tool: "python3", ["-c", script, BinaryRunner.executable.path, subcommand])
        let lines = result.stdout.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let status = try #require(Int32(lines.first ?? ""), "python3 failed: \(result.stderr)")
        return Outcome(status: status, stderr: lines.count > 1 ? String(lines[1]) : "")
    }

    @Test func aTerminalOnStandardInputIsToldWhatTheToolWaitsFor() throws {
        let outcome = try Self.decodeFromATerminal()
        #expect(outcome.stderr.hasPrefix("appreceipt: reading the receipt from standard input"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Ctrl-D"))
        // Nothing was typed: an empty input, refused as such.
        #expect(outcome.status == 65)
        // A pipe is not a person: no notice.
        let piped = try BinaryRunner.run(["decode"], stdin: Data())
        #expect(!piped.stderr.contains("reading the receipt"))
    }

    /// Issue 19, item 8: the streaming subcommands said nothing while they waited on a terminal.
    @Test(arguments: [("audit", "records, one per line,"), ("summarize", "audit output lines")])
    func streamingSubcommandsSayTheyReadATerminal(subcommand: String, what: String) throws {
        let outcome = try Self.decodeFromATerminal(subcommand)
        #expect(outcome.stderr.hasPrefix("appreceipt: reading \(what) from standard input (a terminal)"), "\(outcome.stderr)")
        let piped = try BinaryRunner.run([subcommand], stdin: Data())
        #expect(!piped.stderr.contains("from standard input (a terminal)"))
    }
}
