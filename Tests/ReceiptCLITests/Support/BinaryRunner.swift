import Foundation
import Testing

/// Runs the built `appreceipt` executable and captures what it prints, as a user's shell would see it.
enum BinaryRunner {
    struct Result {
        /// The exit status, or the signal number when ``signalled`` (a Swift trap is SIGILL, 4: a shell's 132).
        let status: Int32
        let signalled: Bool
        let stdout: String
        let stderr: String
        let seconds: Double
    }

    static let projectRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable next to the test bundle (the build products directory).
    static var executable: URL {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("appreceipt"),
            projectRoot.appendingPathComponent(".build/debug/appreceipt"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }

    /// The sanitizer settings of `make sanitize`, passed on even to a child given a minimal environment, so
    /// that its leak report honours the same suppressions as the test process's.
    static let sanitizerOptions = ProcessInfo.processInfo.environment.filter { key, _ in
        ["ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS", "SWIFT_BACKTRACE"].contains(key)
    }
    /// Runs the binary (or `program` with `prefix` before the arguments, for helpers that start it themselves).
    static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil, program: URL? = nil,
        prefix: [String] = []
    ) throws -> Result {
        let process = Process()
        process.executableURL = program ?? executable
        process.arguments = prefix + arguments
        process.currentDirectoryURL = projectRoot
        if let environment { process.environment = environment.merging(sanitizerOptions) { own, _ in own } }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        let started = Date()
        try process.run()
        // Read both pipes concurrently so a large output cannot block the child.
        let outData = LockedData()
        let errData = LockedData()
        let group = DispatchGroup()
        for (pipe, sink) in [(out, outData), (err, errData)] {
            group.enter()
            DispatchQueue.global().async {
                sink.set(pipe.fileHandleForReading.readDataToEndOfFile())
                group.leave()
            }
        }
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Result(
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
            stdout: String(decoding: outData.get(), as: UTF8.self),
            stderr: String(decoding: errData.get(), as: UTF8.self), seconds: Date().timeIntervalSince(started))
    }
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.lock(); data = value; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
}
