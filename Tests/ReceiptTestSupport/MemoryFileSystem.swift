@testable import ReceiptAudit

/// An in-memory file system for the record reader: files, directories and failures, no disk.
package final class MemoryFileSystem: AuditFileSystem {
    package init() {}

    package var files: [String: [UInt8]] = [:]
    package var directories: Set<String> = []
    package var linkedDirectories: Set<String> = []
    /// Paths whose opening fails with this reason.
    package var unopenable: [String: String] = [:]
    package var stdin: [UInt8] = []
    /// Standard input as a pipe whose writer goes quiet after each delivery, when set (it replaces `stdin`).
    package var quietPipe: QuietPipeSource?
    /// The chunk size reads return at most, to exercise lines split across reads.
    package var chunk = 7

    package func addFile(_ path: String, _ text: String) { files[path] = Array(text.utf8) }

    func kind(of path: String) throws(AuditInputError) -> AuditFileKind {
        if linkedDirectories.contains(path) { return .linkedDirectory }
        if directories.contains(path) { return .directory }
        if files[path] != nil || unopenable[path] != nil { return .regularFile }
        throw .unreadable(path: path, reason: "No such file or directory")
    }

    func entries(ofDirectory path: String) throws(AuditInputError) -> [String] {
        let prefix = path.hasSuffix("/") ? path : path + "/"
        let all = Array(files.keys) + Array(directories) + Array(linkedDirectories) + Array(unopenable.keys)
        // Reverse order on purpose: the reader must sort.
        return Set(all.filter { $0.hasPrefix(prefix) }.compactMap { $0.dropFirst(prefix.count).split(separator: "/").first })
            .map(String.init).sorted(by: >)
    }

    func open(_ path: String) throws(AuditInputError) -> any AuditByteSource {
        if let reason = unopenable[path] { throw .unreadable(path: path, reason: reason) }
        guard let bytes = files[path] else { throw .unreadable(path: path, reason: "No such file or directory") }
        return ChunkedSource(bytes, chunk: chunk, nextReadMayWait: false)
    }

    func standardInput() -> any AuditByteSource { quietPipe ?? ChunkedSource(stdin, chunk: chunk, nextReadMayWait: true) }
}

/// Hands out bytes a few at a time.
package final class ChunkedSource: AuditByteSource {
    private let bytes: [UInt8]
    private let chunk: Int
    private var offset = 0

    let nextReadMayWait: Bool

    package init(_ bytes: [UInt8], chunk: Int, nextReadMayWait: Bool) {
        self.bytes = bytes
        self.chunk = chunk
        self.nextReadMayWait = nextReadMayWait
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AuditInputError) -> Int {
        let count = min(chunk, buffer.count, bytes.count - offset)
        for index in 0..<count { buffer[index] = bytes[offset + index] }
        offset += count
        return count
    }
}
