#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `audit --output FILE`: record lines buffered and written in large pieces; with `--index`, synced to the disk
/// before the index commits them, so that whatever the index says is committed is on the disk too.
final class SyncedOutputFile {
    /// Buffered bytes past this are written (not synced): memory stays flat between commits.
    static let bufferLimit = 1 << 16
    let path: String
    private let descriptor: Int32
    private var pending: [UInt8] = []
    /// Bytes written so far, and of those the ones known to be on the disk: what the index is told at a commit.
    private var writtenBytes: Int
    private(set) var syncedBytes: Int

    /// Opens `path` for writing; a fresh run empties it, a resumed one cuts it back to `keeping` bytes (what the
    /// index committed) and writes on after them.
    init(path: String, keeping: Int) throws(CLIError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.failure(path, "cannot open") }
        syncedBytes = keeping
        writtenBytes = keeping
        guard ftruncate(descriptor, off_t(keeping)) == 0, lseek(descriptor, off_t(keeping), SEEK_SET) >= 0 else {
            let error = Self.failure(path, "cannot cut back to \(keeping) bytes")
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    func append(_ bytes: UnsafeRawBufferPointer) throws(CLIError) {
        pending.append(contentsOf: bytes)
        if pending.count >= Self.bufferLimit { try writePending() }
    }

    func append(_ text: String) throws(CLIError) {
        pending.append(contentsOf: text.utf8)
        if pending.count >= Self.bufferLimit { try writePending() }
    }

    /// Writes what is buffered and waits until the disk has it (fsync).
    func sync() throws(CLIError) {
        try writePending()
        guard fsync(descriptor) == 0 else { throw Self.failure(path, "cannot sync") }
        syncedBytes = writtenBytes
    }

    private func writePending() throws(CLIError) {
        var offset = 0
        while offset < pending.count {
            let written = pending.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw Self.failure(path, "cannot write") }
            offset += written
        }
        writtenBytes += pending.count
        pending.removeAll(keepingCapacity: true)
    }

    private static func failure(_ path: String, _ what: String) -> CLIError {
        .failure("\(what) \(path): \(String(cString: strerror(errno)))", .ioError)
    }
}
