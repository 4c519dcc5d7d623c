#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command reads and writes: the real process streams, or buffers in tests.
public protocol Console: AnyObject {
    /// Writes the result document (or part of it) to standard output.
    func writeOut(_ text: String) throws(CLIError)
    /// Writes a diagnostic line to standard error.
    func writeError(_ text: String)
    /// Reads all of standard input.
    func readStandardInput() throws(CLIError) -> [UInt8]
    /// The process environment (the CLI layer is the only place that reads it).
    var environment: [String: String] { get }
}

/// The process's own standard streams.
public final class ProcessConsole: Console {
    // Own FILE streams over the standard descriptors: Swift 6 forbids touching the C globals stdin/stdout.
    private let output: UnsafeMutablePointer<FILE>?
    private let errors: UnsafeMutablePointer<FILE>?
    private let input: UnsafeMutablePointer<FILE>?

    public init() {
        output = fdopen(1, "w")
        errors = fdopen(2, "w")
        input = fdopen(0, "r")
    }

    public func writeOut(_ text: String) throws(CLIError) {
        var bytes = Array(text.utf8)
        let written = bytes.withUnsafeMutableBytes { fwrite($0.baseAddress, 1, $0.count, output) }
        guard written == bytes.count else { throw .output(String(cString: strerror(errno))) }
    }

    public func writeError(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, errors) }
        fflush(errors)
    }

    /// Flushes standard output; a failure (EPIPE, ENOSPC) is an output error.
    public func flush() throws(CLIError) {
        guard fflush(output) == 0 else { throw .output(String(cString: strerror(errno))) }
    }

    public func readStandardInput() throws(CLIError) -> [UInt8] {
        guard let input else { throw .unreadable(path: "standard input", reason: "not open") }
        return try FileReader.readAll(input, path: "standard input")
    }

    public var environment: [String: String] {
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
