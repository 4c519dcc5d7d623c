import Foundation
import ReceiptAudit
import ReceiptKit
import TestSupport

/// An in-memory file system for the record reader: files, directories and failures, no disk.
final class MemoryFileSystem: AuditFileSystem {
    var files: [String: [UInt8]] = [:]
    var directories: Set<String> = []
    var linkedDirectories: Set<String> = []
    /// Paths whose opening fails with this reason.
    var unopenable: [String: String] = [:]
    var stdin: [UInt8] = []
    /// Standard input as a pipe whose writer goes quiet after each delivery, when set (it replaces `stdin`).
    var quietPipe: QuietPipeSource?
    /// The chunk size reads return at most, to exercise lines split across reads.
    var chunk = 7

    func addFile(_ path: String, _ text: String) { files[path] = Array(text.utf8) }

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

/// A pipe whose writer sends one line per read and then goes quiet: before each read after the first, `beforeRead`
/// is told how many lines were delivered, so a test can check what the reader's side did while it could wait.
final class QuietPipeSource: AuditByteSource {
    private let lines: [[UInt8]]
    private var delivered = 0
    private let beforeRead: (Int) -> Void

    init(lines: [String], beforeRead: @escaping (Int) -> Void) {
        self.lines = lines.map { Array(($0 + "\n").utf8) }
        self.beforeRead = beforeRead
    }

    var nextReadMayWait: Bool { true }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AuditInputError) -> Int {
        if delivered > 0 { beforeRead(delivered) }
        guard delivered < lines.count else { return 0 }
        let line = lines[delivered]
        precondition(line.count <= buffer.count, "a test line longer than the read buffer")
        buffer.copyBytes(from: line)
        delivered += 1
        return line.count
    }
}

/// Hands out bytes a few at a time.
final class ChunkedSource: AuditByteSource {
    private let bytes: [UInt8]
    private let chunk: Int
    private var offset = 0

    let nextReadMayWait: Bool

    init(_ bytes: [UInt8], chunk: Int, nextReadMayWait: Bool) {
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

/// Records made from the project's test vectors.
enum AuditFixtures {
    /// The base64 text of a test vector, on one line.
    static func base64(_ relativePath: String) throws -> String {
        let bytes = try Fixtures.testVector(relativePath)
        if relativePath.hasSuffix(".der") { return Data(bytes).base64EncodedString() }
        return String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
    }

    /// One JSON record line.
    static func line(
        _ relativePath: String, user: String? = nil, id: String? = nil, device: String? = nil, bundle: String? = nil
    ) throws -> String {
        var members = ["\"receipt-data\":\"\(try base64(relativePath))\""]
        if let id { members.append("\"id\":\"\(id)\"") }
        if let user { members.append("\"user_id\":\"\(user)\"") }
        if let device { members.append("\"device_id\":\"\(device)\"") }
        if let bundle { members.append("\"bundle_id\":\"\(bundle)\"") }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// The test PKI's policy and a reference time after every vector's creation date.
    static func auditor(_ configure: (inout VerificationPolicy) throws -> Void = { _ in }) throws -> RecordAuditor {
        var policy = try testPolicy()
        try configure(&policy)
        return RecordAuditor(
            policy: policy, referenceTime: Timestamp(milliseconds: 1_800_000_000_000), referenceTimeName: "test time")
    }

    /// Audits `lines` as one records file, in order, through the engine; returns every record and the summary.
    static func audit(_ lines: [String], auditor: RecordAuditor, jobs: Int = 2, crossBatch: AuditIndex? = nil) throws
        -> ([AuditRecord], AuditSummary)
    {
        let fileSystem = MemoryFileSystem()
        fileSystem.addFile("batch.jsonl", lines.joined(separator: "\n") + "\n")
        let reader = try RecordReader(inputs: [.path("batch.jsonl")], fileSystem: fileSystem, maximumRecordBytes: 1 << 20)
        var reducer = AuditReducer(crossBatch: crossBatch)
        var records: [AuditRecord] = []
        _ = AuditEngine(auditor: auditor, jobs: jobs).run(reader, reducer: &reducer) { records.append($0) }
        return (records, reducer.summary)
    }
}
