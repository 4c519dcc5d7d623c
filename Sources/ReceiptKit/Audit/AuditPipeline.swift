import Foundation

/// The state the reading thread, the workers and the emitting thread share: a ring of items waiting for a
/// worker and a ring of results waiting to be emitted, both as large as the reorder window.
///
/// Record `n` lives in slot `n % window` of either ring. The reader never gets more than `window` records ahead
/// of the emitter, so a slot is always free when its next record arrives, and memory is bounded by the window
/// whatever the number of records.
///
/// Waking a thread costs a system call and a context switch, which at thousands of records a second is as much as
/// the audit itself, so nobody is woken for nothing: a thread says that it waits, and the others wake it only
/// when it can go on. The emitter is woken when a batch of results is ready in order (or when no queued work is
/// left, so what is ready must not wait), the reader when a batch of slots is free, a worker when a record
/// arrives.
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
    /// True when the reader stopped because it was asked to, before the input ended.
    var readerStopped = false
    /// Set when the run ends early (an output error) or finishes: workers and the reader stop at their next step.
    var cancelled = false
    var liveWorkers = 0
    /// Who is waiting, so that a change wakes only threads that can go on.
    var readerWaiting = false
    var idleWorkers = 0
    var emitterWaiting = false
    /// How many results the emitter takes per wake-up, and how many free slots wake the reader.
    let batch: Int
    /// Records that were unreadable files or streams.
    var unreadable = 0

    init(window: Int) {
        self.window = window
        batch = max(1, window / 4)
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
                while submitted - emitted >= window && !cancelled {
                    readerWaiting = true
                    condition.wait()
                }
                readerWaiting = false
                return cancelled
            }
            if stop || shouldStop() {
                locked { readerStopped = true }
                break
            }
            guard let item = box.reader.next() else { break }
            locked {
                if case .unreadable = item.content { unreadable += 1 }
                submitted += 1
                items[slot(submitted)] = item
                if idleWorkers > 0 { condition.broadcast() }
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
                while claimed == submitted && !readerDone && !cancelled {
                    idleWorkers += 1
                    condition.wait()
                    idleWorkers -= 1
                }
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
                if emitterShouldWake() { condition.broadcast() }
            }
        }
    }

    /// Whether the waiting emitter can go on: a batch of results is ready in input order, or the next result is
    /// ready and no queued record is left to work on (then waiting for more would hold output back).
    func emitterShouldWake() -> Bool {
        guard emitterWaiting else { return false }
        guard results[slot(emitted + 1)] != nil else { return false }
        if claimed == submitted { return true }
        let wanted = min(batch, submitted - emitted)
        var ready = 1
        while ready < wanted, results[slot(emitted + 1 + ready)] != nil { ready += 1 }
        return ready >= wanted
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
                    if readerWaiting && submitted - emitted <= window - batch { condition.broadcast() }
                    return .record(record)
                }
                if readerDone && emitted == submitted { return readerStopped ? .interrupted : .finished }
                // Interrupted: what was read is emitted, then the run ends, even if the reader is blocked.
                if emitted == submitted && shouldStop() { return .interrupted }
                // Output is flushed when it could otherwise stall: no queued work is left (the next results wait
                // for records in progress or for input), or nothing came within the timeout.
                if !flushed && claimed == submitted { return .idle }
                emitterWaiting = true
                let woken = condition.wait(until: deadline)
                emitterWaiting = false
                if !woken { return .idle }
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
