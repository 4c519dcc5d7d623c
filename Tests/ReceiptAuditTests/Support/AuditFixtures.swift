import Foundation
import ReceiptAudit
import ReceiptKit
import ReceiptTestSupport
import TestSupport

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
