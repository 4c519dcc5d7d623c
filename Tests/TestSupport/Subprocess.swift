public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program to its end with arguments and standard input, and captures what it wrote and how it ended, in
/// bounded time: every child process of the suites (the built binary, openssl, python stand-ins and scripts) is
/// started here unless a test must hold the process itself (signals, a terminal, a pipe left open).
public enum Subprocess {
    public struct Result: Sendable {
        /// The exit status, or the signal number when ``signalled`` (a Swift trap is SIGILL, 4: a shell's 132).
        public let status: Int32
        public let signalled: Bool
        public let stdout: String
        public let stderr: String
        /// Wall-clock time from start to exit (for a bound on a hang, never as a performance figure).
        public let seconds: Double
    }

    /// How long a child may run before it is killed and the run throws: far beyond any test's need, short enough
    /// that a hang is a failure that names the command instead of a run that never ends.
    public static let defaultTimeout: Double = 600

    /// The variables a child given a minimal environment still gets: the sanitizer settings of `make sanitize`
    /// (so that its leak report honours the same suppressions as the test process's) and TMPDIR (so that what it
    /// leaves behind lands where scripts/run-tests.sh looks).
    public static let passedOn = ProcessInfo.processInfo.environment.filter { key, _ in
        ["ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS", "SWIFT_BACKTRACE", "TMPDIR"].contains(key)
    }

    /// A program found on the PATH, as `/usr/bin/env NAME` finds it.
    public static let env = URL(fileURLWithPath: "/usr/bin/env")

    /// Runs `program` with `arguments` in `directory`. With `environment` the child gets only that (and
    /// ``passedOn``), else the test process's own.
    public static func run(
        _ program: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil,
        in directory: URL = Project.root, timeout: Double = defaultTimeout
    ) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment.merging(passedOn) { own, _ in own } }
        let (out, err, input) = (Pipe(), Pipe(), Pipe())
        (process.standardOutput, process.standardError, process.standardInput) = (out, err, input)
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let started = Date()
        try process.run()
        // Both pipes are read, and the input written, concurrently, so that neither side can block the other.
        let (outData, errData) = (LockedData(), LockedData())
        let group = DispatchGroup()
        for (pipe, sink) in [(out, outData), (err, errData)] {
            DispatchQueue.global().async(group: group) { sink.set(pipe.fileHandleForReading.readDataToEndOfFile()) }
        }
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async(group: group) {
            if let stdin { try? writer.write(contentsOf: stdin) }
            try? writer.close()
        }
        guard exited.wait(timeout: .now() + timeout) == .success else {
            stop(process, exited)
            throw Timeout(command: ([program.path] + arguments).joined(separator: " "), seconds: timeout)
        }
        process.waitUntilExit()
        _ = group.wait(timeout: .now() + 30)
        return Result(
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
            stdout: String(decoding: outData.get(), as: UTF8.self),
            stderr: String(decoding: errData.get(), as: UTF8.self), seconds: Date().timeIntervalSince(started))
    }

    /// Runs a program found on the PATH (`openssl`, `python3`, `readelf`).
    public static func run(
        tool name: String, _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil,
        timeout: Double = defaultTimeout
    ) throws -> Result {
        try run(env, [name] + arguments, stdin: stdin, environment: environment, timeout: timeout)
    }

    /// SIGTERM, then SIGKILL when the child does not go within five seconds.
    static func stop(_ process: Process, _ exited: DispatchSemaphore) {
        process.terminate()
        if exited.wait(timeout: .now() + 5) != .success { kill(process.processIdentifier, SIGKILL) }
    }

    /// A child ran past its bound and was killed.
    public struct Timeout: Error, CustomStringConvertible {
        public let command: String
        public let seconds: Double
        public var description: String { "\(command) ran longer than \(Int(seconds)) s and was killed" }
    }
}

/// Bytes written by one thread and read by another.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
