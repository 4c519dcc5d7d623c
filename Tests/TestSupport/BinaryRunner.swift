public import Foundation

/// Runs the built `appreceipt` executable from the project root and captures what it prints, as a user's shell
/// would see it.
public enum BinaryRunner {
    public typealias Result = Subprocess.Result

    /// The executable next to the test bundle (the build products directory), else the debug build's.
    public static var executable: URL {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("appreceipt"),
            Project.url(".build/debug/appreceipt"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }

    /// Runs the binary (or `program` with `prefix` before the arguments, for helpers that start it themselves).
    /// With `environment` the child gets only that (and ``Subprocess/passedOn``).
    public static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil, program: URL? = nil,
        prefix: [String] = [], timeout: Double = Subprocess.defaultTimeout
    ) throws -> Result {
        try Subprocess.run(
            program ?? executable, prefix + arguments, stdin: stdin, environment: environment, timeout: timeout)
    }
}
