import ReceiptAudit
import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `audit --index FILE [--output FILE]`: the index of earlier batches, and the exactly-once commits of output
/// lines and index rows in chunks (docs/audit-index.md). Output is synced first, then the index commits the
/// batch's record count and output size; a run killed between the two is cut back to the index on `--resume`.
final class IndexedAuditRun {
    let index: AuditIndex
    let output: SyncedOutputFile?
    /// What the batch had committed before this run: the records a resumed run skips.
    let committed: AuditIndex.Committed
    private let commitEvery: Int
    private let crash: CrashPoint?
    private var emitted: Int

    init(
        indexPath: String, batch: String, resume: Bool, outputPath: String?, commitEvery: Int,
        environment: [String: String]
    ) throws(CLIError) {
        let opened: (AuditIndex, AuditIndex.Committed)
        do throws(AuditIndexError) {
            let index = try AuditIndex(path: indexPath)
            opened = (index, try index.begin(batch: batch, resume: resume))
        } catch {
            throw Self.cliError(error)
        }
        (index, committed) = opened
        let keeping = opened.1.outputBytes
        output = try outputPath.map { (path) throws(CLIError) in try SyncedOutputFile(path: path, keeping: keeping) }
        self.commitEvery = max(1, commitEvery)
        emitted = committed.records
        crash = CrashPoint(environment["APPRECEIPT_TEST_CRASH_AT"])
        if crash == .start { raise(SIGKILL) }
    }

    /// After `record` (its line already handed to ``output``): commits when a chunk is complete.
    func emitted(_ record: Int) throws(CLIError) {
        emitted = record
        if crash == .afterRecord(record) { raise(SIGKILL) }
        if (record - committed.records) % commitEvery == 0 { try commit() }
    }

    /// Commits everything emitted so far and ends the run's transaction (the end, or an interrupt).
    func finish() throws(CLIError) {
        try output?.sync()
        do throws(AuditIndexError) {
            try index.finish(records: emitted, outputBytes: output?.syncedBytes ?? 0)
        } catch {
            throw Self.cliError(error)
        }
    }

    private func commit() throws(CLIError) {
        try output?.sync()
        if crash == .afterSync(emitted) { raise(SIGKILL) }
        do throws(AuditIndexError) {
            try index.commit(records: emitted, outputBytes: output?.syncedBytes ?? 0)
        } catch {
            throw Self.cliError(error)
        }
    }

    /// `--batch`'s default: the first input's file name and the run's date (UTC), e.g. `monday.jsonl@2026-12-01`.
    static func defaultBatch(inputs: [String], now: Timestamp) -> String {
        let name = inputs.first.map { $0 == "-" ? "stdin" : String($0.split(separator: "/").last ?? "stdin") } ?? "stdin"
        return name + "@" + String(now.rfc3339.prefix(10))
    }

    /// The exit status an index error gives: 64 for a batch label in use, 66 for a file that is no index, 74
    /// for a write that failed.
    static func cliError(_ error: AuditIndexError) -> CLIError {
        switch error {
        case .batchExists, .unknownBatch: .failure(error.description, .usage)
        case .unreadable: .failure(error.description, .noInput)
        case .failed: .failure(error.description, .ioError)
        }
    }

    /// Where the test-only hook `APPRECEIPT_TEST_CRASH_AT` (read by the CLI alone, never by the libraries) kills
    /// the process with SIGKILL: `start` (after the batch began, before any record), `record:N` (after record
    /// N's line, before its chunk commits), `synced:N` (at the commit of N records, between the output's sync
    /// and the index's commit).
    enum CrashPoint: Equatable {
        case start
        case afterRecord(Int)
        case afterSync(Int)

        init?(_ text: String?) {
            guard let text else { return nil }
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            switch (parts.first, parts.count == 2 ? Int(parts[1]) : nil) {
            case ("start"?, _) where parts.count == 1: self = .start
            case ("record"?, let number?): self = .afterRecord(number)
            case ("synced"?, let number?): self = .afterSync(number)
            default: return nil
            }
        }
    }
}
