public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh, uniquely named folder under TMPDIR for one test's files, removed with everything in it when the value
/// goes away, on every way out of the test (a thrown error included). `make test` runs the tests with a TMPDIR of
/// their own and fails when anything is left in it (scripts/run-tests.sh), so no test makes temporary files any
/// other way.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    /// `label` starts the folder's name, to tell which test a folder belonged to.
    public init(_ label: String = "appreceipt") throws {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard let made = bytes.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: template])
        }
        url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// `name` inside the folder (not created).
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` (making the folders on the way) and returns the path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Data(text.utf8))
    }

    /// Writes `bytes` to `name` (making the folders on the way) and returns the path.
    @discardableResult
    public func write(_ name: String, bytes: Data) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file)
        return file.path
    }

    /// One folder for the whole test process (a fixture made once, such as the OCSP test PKI), removed when the
    /// process exits.
    public static func forProcess(_ label: String) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory(label)
        ProcessLifetime.keep(directory)
        return directory
    }
}

/// The folders ``TemporaryDirectory/forProcess(_:)`` made, kept alive until the process exits and then removed by
/// path (a static elsewhere that holds one never lets it go, so its deinit would not run).
private enum ProcessLifetime {
    nonisolated(unsafe) static var kept: [TemporaryDirectory] = []
    static let lock = NSLock()
    static let registered: Void = { atexit { ProcessLifetime.removeAll() } }()

    static func keep(_ directory: TemporaryDirectory) {
        lock.withLock {
            _ = registered
            kept.append(directory)
        }
    }

    static func removeAll() {
        lock.withLock {
            for directory in kept { try? FileManager.default.removeItem(at: directory.url) }
            kept.removeAll()
        }
    }
}
