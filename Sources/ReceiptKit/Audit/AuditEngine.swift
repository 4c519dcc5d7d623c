import Foundation

/// Audits a stream of records on parallel workers and hands the results back in input order.
///
/// One thread reads, `jobs` threads audit, and the calling thread reduces (cross-record signals, summary) and
/// emits. A reorder window bounds how far reading may run ahead of emitting, so memory stays flat however many
/// records go through, and a slow record holds back output by at most the window.
public struct AuditEngine: Sendable {
    public var auditor: RecordAuditor
    public let jobs: Int
    public let window: Int

    /// `window` defaults to sixteen records per job, at least 32 (a quarter of it is the emitter's batch).
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

        public init(records: Int, unreadable: Int, interrupted: Bool) {
            self.records = records
            self.unreadable = unreadable
            self.interrupted = interrupted
        }
    }

    /// Runs every record of `reader` through the auditor and `reducer`, and passes each to `emit` in input order.
    ///
    /// - Parameters:
    ///   - shouldStop: polled from the reading and emitting threads; once true, no more records are read, the
    ///     ones already read are emitted, and the run returns (an interrupt leaves complete output).
    ///   - idle: called when no result is ready, so the caller can flush its output while it waits.
    ///   - emit: receives each record; an error stops the run and is rethrown.
    public func run<E: Error>(
        _ reader: consuming RecordReader, reducer: inout AuditReducer,
        shouldStop: @escaping @Sendable () -> Bool = { false },
        idle: (() throws(E) -> Void)? = nil, emit: (AuditRecord) throws(E) -> Void
    ) throws(E) -> Outcome {
        let pipeline = AuditPipeline(window: window)
        pipeline.liveWorkers = jobs
        let auditor = self.auditor
        for _ in 0..<jobs {
            Self.start { pipeline.work(auditor) }
        }
        let box = ReaderBox(reader)
        Self.start { pipeline.read(box, shouldStop: shouldStop) }

        var flushed = true
        var interrupted = false
        loop: while true {
            switch pipeline.next(flushed: flushed, timeout: 0.1, shouldStop: shouldStop) {
            case .record(var record):
                reducer.reduce(&record)
                do {
                    try emit(record)
                } catch {
                    pipeline.shutDown()
                    throw error
                }
                flushed = false
            case .idle:
                if !flushed, let idle {
                    do {
                        try idle()
                    } catch {
                        pipeline.shutDown()
                        throw error
                    }
                }
                flushed = true
            case .finished: break loop
            case .interrupted:
                interrupted = true
                break loop
            }
        }
        pipeline.shutDown()
        let counts = pipeline.locked { (pipeline.emitted, pipeline.unreadable) }
        return Outcome(records: counts.0, unreadable: counts.1, interrupted: interrupted)
    }

    /// Starts a thread with a stack as large as the main thread's, since decoding recurses (bounded) on it.
    private static func start(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.stackSize = 8 << 20
        thread.start()
    }
}
