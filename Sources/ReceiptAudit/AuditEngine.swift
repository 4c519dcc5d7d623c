import ReceiptKit

/// Audits a stream of records on parallel workers and hands the results back in input order.
///
/// The calling thread reads, reduces (cross-record signals, summary) and emits, and audits in between; `jobs - 1`
/// more threads audit. A reorder window bounds how far reading may run ahead of emitting, so memory stays flat however many
/// records go through, and a slow record holds back output by at most the window.
public struct AuditEngine: Sendable {
    /// What every worker runs on each record.
    public var auditor: RecordAuditor
    /// Threads that audit, the calling one included; at least 1.
    public let jobs: Int
    /// How many records may be read but not yet emitted; at least two per job.
    public let window: Int

    /// `window` defaults to sixteen records per job, at least 32.
    ///
    /// - Parameters:
    ///   - auditor: The per-record audit, shared by every worker.
    ///   - jobs: Threads that audit; values below 1 mean 1.
    ///   - window: The reorder window in records; nil for the default, and never fewer than two per job.
    public init(auditor: RecordAuditor, jobs: Int, window: Int? = nil) {
        self.auditor = auditor
        self.jobs = max(1, jobs)
        self.window = max(2 * self.jobs, window ?? max(32, 16 * self.jobs))
    }

    /// How a run ended.
    public struct Outcome: Sendable, Equatable {
        /// Records emitted.
        public var records: Int
        /// Records that were files or streams that could not be read.
        public var unreadable: Int
        /// True when `shouldStop` ended the run before the input did.
        public var interrupted: Bool

        package init(records: Int, unreadable: Int, interrupted: Bool) {
            self.records = records
            self.unreadable = unreadable
            self.interrupted = interrupted
        }
    }

    /// Runs every record of `reader` through the auditor and `reducer`, and passes each to `emit` in input order.
    ///
    /// The calling thread reads, reduces and emits, and audits whenever it has nothing else to do; `jobs - 1`
    /// extra threads only audit. With one job nothing runs on another thread.
    ///
    /// - Parameters:
    ///   - shouldStop: polled before each read; once true, no more records are read, the ones already read are
    ///     emitted, and the run returns (an interrupt leaves complete output).
    ///   - idle: called when output could stall otherwise (the next result is still being worked on, or the next
    ///     read may wait for input), so the caller can flush its output.
    ///   - emit: receives each record; an error stops the run and is rethrown.
    ///   - skipped: how many records `reader` skipped (``RecordReader/skip(_:)``) before this run.
    ///   - reader: the records, read on the calling thread only.
    ///   - reducer: adds the cross-record signals and counts the summary, in input order.
    /// - Returns: How many records were emitted and unreadable, and whether `shouldStop` ended the run.
    /// - Throws: The first error `emit` or `idle` throws, after the workers have stopped.
    public func run<E: Error>(
        _ reader: consuming RecordReader, reducer: inout AuditReducer, skipped: Int = 0,
        shouldStop: @escaping @Sendable () -> Bool = { false },
        idle: (() throws(E) -> Void)? = nil, emit: (AuditRecord) throws(E) -> Void
    ) throws(E) -> Outcome {
        var reader = reader
        let pipeline = AuditPipeline(window: window, jobs: jobs, skipped: skipped)
        let auditor = self.auditor
        defer { pipeline.shutDown() }
        var workersStarted = jobs == 1
        var flushed = true
        var batch: [AuditItem] = []
        // The last record emitted, on its way back to the worker that made it, and records workers finished
        // with, released here by the thread that read them (``AuditPipeline/nextStep``).
        var handingBack: (record: AuditRecord, maker: Int)? = nil
        var released: [AuditItem] = []
        while true {
            let readMayWait = reader.nextMayWaitForInput
            let step = pipeline.nextStep(
                flushed: flushed, readMayWait: readMayWait, handingBack: &handingBack, released: &released)
            released.removeAll(keepingCapacity: true)
            switch step {
            case .emit(var record, let maker):
                reducer.reduce(&record)
                try emit(record)
                flushed = false
                if maker > 0 { handingBack = (record, maker) }
            case .read(let count):
                if !flushed, let idle, readMayWait {
                    try idle()
                    flushed = true
                }
                let stopped = Self.read(count, from: &reader, into: &batch, shouldStop: shouldStop)
                pipeline.submit(batch, ended: stopped != nil, stopped: stopped == true)
                if !workersStarted {
                    // Started once there is work: a worker that found none, slept, and was woken by this thread
                    // could be put on this busy core and wait there for a time slice (3 ms seen here).
                    workersStarted = true
                    pipeline.locked { pipeline.liveWorkers = jobs - 1 }
                    for maker in 1..<jobs where !WorkerThread.start({ pipeline.work(auditor, maker: maker) }) {
                        // No thread to be had: this one does that share of the work itself.
                        pipeline.locked { pipeline.liveWorkers -= 1 }
                    }
                }
            case .audit(let item):
                pipeline.file(auditor.audit(item))
            case .idle:
                try idle?()
                flushed = true
            case .finished: return pipeline.outcome(interrupted: false)
            case .interrupted: return pipeline.outcome(interrupted: true)
            }
        }
    }

    /// Reads up to `count` records into `batch` (emptied first), stopping early rather than wait for input with
    /// records in hand. Returns nil while input remains, false when it is exhausted, true when `shouldStop` ended
    /// reading.
    private static func read(
        _ count: Int, from reader: inout RecordReader, into batch: inout [AuditItem], shouldStop: () -> Bool
    ) -> Bool? {
        batch.removeAll(keepingCapacity: true)
        while batch.count < count {
            if shouldStop() { return true }
            if !batch.isEmpty && reader.nextMayWaitForInput { return nil }
            // An interrupt also ends a read that waits (the source then reports the end of its input).
            guard let item = reader.next() else { return shouldStop() }
            batch.append(item)
        }
        return nil
    }
}
