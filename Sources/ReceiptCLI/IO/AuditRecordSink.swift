import ReceiptAudit
import ReceiptKit

/// Where `audit` writes its record lines: stdout, or `--output FILE`; with `--index`, each line is committed
/// with the index rows in chunks (``IndexedAuditRun``).
final class AuditRecordSink {
    private let console: any Console
    private let file: SyncedOutputFile?
    let indexed: IndexedAuditRun?

    /// Opens `--index` (beginning or resuming its batch) and `--output`.
    init(console: any Console, outputPath: String?, index: AuditIndexOptions?) throws(CLIError) {
        self.console = console
        let indexed = try index.map { (options) throws(CLIError) in
            try IndexedAuditRun(
                indexPath: options.path, batch: options.batch, resume: options.resume, outputPath: outputPath,
                commitEvery: options.commitEvery, environment: console.environment)
        }
        self.indexed = indexed
        if let indexed {
            file = indexed.output
        } else if let outputPath {
            file = try SyncedOutputFile(path: outputPath, keeping: 0)
        } else {
            file = nil
        }
    }

    /// The records a resumed batch committed before, which this run skips.
    var committedRecords: Int { indexed?.committed.records ?? 0 }

    func write(_ line: JSONOutput) throws(CLIError) {
        guard let file else { return try console.writeOut(line) }
        try line.withBytes { (bytes) throws(CLIError) in try file.append(bytes) }
    }

    func write(_ text: String) throws(CLIError) {
        guard let file else { return try console.writeOut(text) }
        try file.append(text)
    }

    /// After each record, written or not (`--only-problems`): commits a complete chunk.
    func emitted(_ record: Int) throws(CLIError) { try indexed?.emitted(record) }

    /// The end of the run, complete or interrupted: the output synced and, with an index, the rest committed.
    func finish() throws(CLIError) {
        if let indexed { return try indexed.finish() }
        try file?.sync()
    }
}

/// `audit`'s `--index FILE`, `--batch LABEL`, `--resume` and `--commit-every N`, checked.
struct AuditIndexOptions {
    static let defaultCommitEvery = 10_000
    let path: String
    let batch: String
    let resume: Bool
    let commitEvery: Int
}
