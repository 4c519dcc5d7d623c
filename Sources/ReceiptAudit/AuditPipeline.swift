import ReceiptKit

/// The state the calling thread and the extra workers of an audit share: a ring of records read and waiting for
/// a worker, and a ring of results waiting to be emitted, both as large as the reorder window.
///
/// Record `n` lives in slot `n % window` of either ring. The calling thread is the only one that reads input and
/// emits, and it audits too whenever it has nothing else to do; extra workers only audit. So one job is one
/// thread doing everything in turn (no hand-over at all), and with more jobs the only hand-overs are records
/// queued for a worker and results filed back. Reading never gets more than `window` records ahead of emitting,
/// so a slot is always free when its next record arrives, and memory is bounded by the window whatever the
/// number of records.
///
/// Waking a thread costs a system call and a context switch, which at thousands of records a second is as much as
/// the audit itself, so nobody is woken for nothing: a thread says that it waits, and is woken only when it can go
/// on. A worker waits for queued records, which the caller reads in batches; the caller waits only when the next
/// result is still in a worker's hands and there is nothing to read or audit meanwhile.
///
/// Memory is freed by the thread that allocated it. A block freed on another thread goes to the allocating
/// thread's malloc arena under that arena's lock, and its cache lines move between cores: on 5,070 records with
/// two jobs, malloc and free took 6% more of all CPU than with one job, and contended arena locks put the threads
/// to sleep hundreds of times. So a worker hands each record it audited back to the caller, which read it, and
/// takes back its own results once the caller has emitted them. Both ride on steps that lock anyway
/// (``workerStep(maker:done:finished:)`` and ``nextStep(flushed:readMayWait:handingBack:released:)``).
final class AuditPipeline: @unchecked Sendable {
    // @unchecked: every stored var below is read and written only with `condition` locked.
    let condition = ConditionLock()
    let window: Int
    var items: [AuditItem?]
    /// Each waiting result with the worker that made it (0: the caller).
    var results: [(record: AuditRecord, maker: Int)?]
    /// The records each worker made that the caller has emitted, waiting to be released by their maker.
    var spentResults: [[AuditRecord]]
    /// Records that workers have audited, waiting for the caller to release them.
    var spentItems: [AuditItem] = []
    /// Records read, claimed for auditing, and emitted, counted from the start.
    var submitted = 0
    var claimed = 0
    var emitted = 0
    /// Reading has ended: the input is exhausted, or (``readerStopped``) the caller was asked to stop.
    var readerDone = false
    var readerStopped = false
    /// Set when the run ends early (an output error) or finishes: workers stop at their next step.
    var cancelled = false
    var liveWorkers = 0
    var idleWorkers = 0
    var callerWaiting = false
    /// How many read records may wait for a worker. With extra workers the caller keeps the whole window queued
    /// before it checks a record itself, so they do not run dry while it is on a large receipt (ten small ones
    /// take as long); alone, it reads one record at a time.
    let queueLimit: Int
    /// Records that were unreadable files or streams.
    var unreadable = 0

    /// `skipped`: records the reader skipped before the first one it hands over (a resumed audit), so that the
    /// counters go on from the records' own numbers.
    init(window: Int, jobs: Int, skipped: Int = 0) {
        self.window = window
        submitted = skipped
        claimed = skipped
        emitted = skipped
        queueLimit = jobs > 1 ? window : 1
        items = Array(repeating: nil, count: window)
        results = Array(repeating: nil, count: window)
        spentResults = Array(repeating: [], count: max(1, jobs))
    }

    func slot(_ number: Int) -> Int { number % window }

    /// Runs `body` with the lock held.
    func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    /// What the calling thread does next.
    enum Step {
        /// Reduce and emit this record, the next in input order; `maker` is the worker that made it (0: the caller).
        case emit(AuditRecord, maker: Int)
        /// Read up to this many records and hand them in with ``submit(_:)``.
        case read(Int)
        /// Audit this record and file the result with ``file(_:)``.
        case audit(AuditItem)
        /// Nothing can be done until a worker files a result: flush output, then ask again.
        case idle
        case finished
        case interrupted
    }

    /// The caller's next step: emitting comes first (output never waits on the caller's own work), then keeping
    /// the queue fed, then auditing. `flushed` says whether the caller has flushed since its last emit; it waits
    /// only when it has. When the next read may wait for input (`readMayWait`), the caller reads only once
    /// everything read so far is emitted, so records already in hand never wait on a quiet pipe.
    ///
    /// The same locked step also takes back the record the caller emitted last (`handingBack`, with the worker
    /// that made it, for that worker to release) and swaps the records workers have finished with into
    /// `released` (empty on entry), for the caller to release outside the lock.
    func nextStep(
        flushed: Bool, readMayWait: Bool, handingBack: inout (record: AuditRecord, maker: Int)?,
        released: inout [AuditItem]
    ) -> Step {
        locked {
            if let (record, maker) = handingBack.take(), maker > 0 { spentResults[maker].append(record) }
            if !spentItems.isEmpty { swap(&spentItems, &released) }
            while true {
                let number = emitted + 1
                if let (record, maker) = results[slot(number)] {
                    results[slot(number)] = nil
                    emitted = number
                    return .emit(record, maker: maker)
                }
                if readerDone && emitted == submitted { return readerStopped ? .interrupted : .finished }
                let queued = submitted - claimed
                let room = window - (submitted - emitted)
                if !readerDone && room > 0 && queued < queueLimit && (!readMayWait || submitted == emitted) {
                    // At most 16 at a time, so that with many jobs the first workers start before a whole
                    // window is read.
                    return .read(min(room, queueLimit - queued, 16))
                }
                if let item = claimLocked() { return .audit(item) }
                if !flushed { return .idle }
                callerWaiting = true
                condition.wait()
                callerWaiting = false
            }
        }
    }

    /// Hands in records the caller read, in input order; `ended` says the input is exhausted or reading stopped.
    func submit(_ read: [AuditItem], ended: Bool, stopped: Bool) {
        locked {
            for item in read {
                if case .unreadable = item.content { unreadable += 1 }
                submitted += 1
                items[slot(submitted)] = item
            }
            if ended {
                readerDone = true
                readerStopped = stopped
            }
            if idleWorkers > 0 && (!read.isEmpty || ended) { condition.broadcast() }
        }
    }

    /// Takes the oldest queued record; the lock must be held.
    private func claimLocked() -> AuditItem? {
        guard claimed < submitted else { return nil }
        claimed += 1
        let item = items[slot(claimed)]
        items[slot(claimed)] = nil
        return item
            ?? AuditItem(number: claimed, source: "", content: .unreadable("internal error: record \(claimed) was lost"))
    }

    /// Files a result the caller made itself.
    func file(_ record: AuditRecord) {
        locked { fileLocked(record, maker: 0) }
    }

    /// Files a result in its slot, waking the caller when it waits for exactly this one; the lock must be held.
    /// `maker` is the worker that made it (0: the caller).
    private func fileLocked(_ record: AuditRecord, maker: Int) {
        results[slot(record.number)] = (record, maker)
        if callerWaiting && record.number == emitted + 1 { condition.broadcast() }
    }

    /// An extra worker (`maker` 1, 2, ...): audits queued records until reading has ended and the queue is empty.
    func work(_ auditor: RecordAuditor, maker: Int) {
        var done: (record: AuditRecord, item: AuditItem)? = nil
        var finished: [AuditRecord] = []
        while true {
            let item = workerStep(maker: maker, done: &done, finished: &finished)
            // Released here, by the thread that made them, outside the lock.
            finished.removeAll(keepingCapacity: true)
            guard let item else { return }
            done = (auditor.audit(item), item)
        }
    }

    /// A worker's one locked step: files its last result (`done`) and hands the record it audited back to the
    /// caller, swaps its own results that the caller has emitted since into `finished` (empty on entry) for it to
    /// release, then waits for and claims the next record; nil when there is none left or the run was cancelled.
    func workerStep(
        maker: Int, done: inout (record: AuditRecord, item: AuditItem)?, finished: inout [AuditRecord]
    ) -> AuditItem? {
        locked {
            if let (record, spent) = done.take() {
                fileLocked(record, maker: maker)
                spentItems.append(spent)
                swap(&spentResults[maker], &finished)
            }
            while claimed == submitted && !readerDone && !cancelled {
                idleWorkers += 1
                condition.wait()
                idleWorkers -= 1
            }
            guard !cancelled, let item = claimLocked() else {
                liveWorkers -= 1
                condition.broadcast()
                return nil
            }
            return item
        }
    }

    /// The run's outcome once the caller is done.
    func outcome(interrupted: Bool) -> AuditEngine.Outcome {
        locked { AuditEngine.Outcome(records: emitted, unreadable: unreadable, interrupted: interrupted) }
    }

    /// Stops the workers and waits for them to leave.
    func shutDown() {
        locked {
            cancelled = true
            condition.broadcast()
            while liveWorkers > 0 { condition.wait() }
        }
    }
}
