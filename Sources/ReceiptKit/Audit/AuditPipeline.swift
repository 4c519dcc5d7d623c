import Foundation

/// The state the reading thread, the workers and the emitting thread share: a ring of items waiting for a
/// worker and a ring of results waiting to be emitted, both as large as the reorder window.
///
/// Record `n` lives in slot `n % window` of either ring. The reader never gets more than `window` records ahead
/// of the emitter, so a slot is always free when its next record arrives, and memory is bounded by the window
/// whatever the number of records.
final class AuditPipeline: @unchecked Sendable {
    // @unchecked: every stored var below is read and written only with `condition` locked.
    let condition = NSCondition()
    let window: Int
    var items: [AuditItem?]
    var results: [AuditRecord?]
    /// Records handed in by the reader, claimed by a worker, and emitted, counted from the start.
    var submitted = 0
    var claimed = 0
    var emitted = 0
    var readerDone = false
    /// Set when the run ends early (an output error) or finishes: workers and the reader stop at their next step.
    var cancelled = false
    var liveWorkers = 0
    /// Records that were unreadable files or streams.
    var unreadable = 0

    init(window: Int) {
        self.window = window
        items = Array(repeating: nil, count: window)
        results = Array(repeating: nil, count: window)
    }

    func slot(_ number: Int) -> Int { number % window }

    /// Runs `body` with the lock held.
    func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    /// The reading thread: hands records in while the window has room.
    func read(_ box: ReaderBox, shouldStop: @Sendable () -> Bool) {
        while true {
            let stop = locked { () -> Bool in
                while submitted - emitted >= window && !cancelled { condition.wait() }
                return cancelled
            }
            if stop || shouldStop() { break }
            guard let item = box.reader.next() else { break }
            locked {
                if case .unreadable = item.content { unreadable += 1 }
                submitted += 1
                items[slot(submitted)] = item
                condition.broadcast()
            }
        }
        locked {
            readerDone = true
            condition.broadcast()
        }
    }

    /// A worker: takes the oldest unclaimed record, audits it, and files the result in its slot.
    func work(_ auditor: RecordAuditor) {
        while true {
            let claim = locked { () -> (Int, AuditItem?)? in
                while claimed == submitted && !readerDone && !cancelled { condition.wait() }
                guard !cancelled, claimed < submitted else {
                    liveWorkers -= 1
                    condition.broadcast()
                    return nil
                }
                claimed += 1
                let item = items[slot(claimed)]
                items[slot(claimed)] = nil
                return (claimed, item)
            }
            guard let (number, item) = claim else { return }
            let record =
                item.map(auditor.audit)
                ?? .malformed(number: number, source: "", AuditRecordError(message: "internal error: record \(number) was lost"))
            locked {
                results[slot(number)] = record
                condition.broadcast()
            }
        }
    }

    /// What the emitting thread does next.
    enum Next {
        case record(AuditRecord)
        /// Nothing is ready; the caller may flush its output and call again.
        case idle
        case finished
        case interrupted
    }

    /// The next record in input order, waiting up to `timeout` seconds for it; `flushed` says whether the caller
    /// has already been told it is idle since its last record.
    func next(flushed: Bool, timeout: Double, shouldStop: @Sendable () -> Bool) -> Next {
        locked {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while true {
                let number = emitted + 1
                if let record = results[slot(number)] {
                    results[slot(number)] = nil
                    emitted = number
                    condition.broadcast()
                    return .record(record)
                }
                if readerDone && emitted == submitted { return .finished }
                // Interrupted: what was read is emitted, then the run ends, even if the reader is blocked.
                if emitted == submitted && shouldStop() { return .interrupted }
                if !flushed { return .idle }
                if !condition.wait(until: deadline) { return .idle }
            }
        }
    }

    /// Stops the reader and workers and waits for the workers to leave.
    func shutDown() {
        locked {
            cancelled = true
            condition.broadcast()
            while liveWorkers > 0 { condition.wait() }
        }
    }
}

/// Hands the record reader to the reading thread; only that thread touches it afterwards.
final class ReaderBox: @unchecked Sendable {
    var reader: RecordReader
    init(_ reader: RecordReader) { self.reader = reader }
}
