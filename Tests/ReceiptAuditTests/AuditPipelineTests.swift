import Testing

@testable import ReceiptAudit
@testable import ReceiptKit

/// Memory goes back to the thread that allocated it: a worker hands the caller the record it audited (the caller
/// read it), and the caller hands each worker the results it made once they are emitted. Freeing on another
/// thread locks the allocating thread's malloc arena and moves cache lines between cores. The steps are taken
/// here one after another on one thread, in an order the two threads of a run can take them.
@Suite struct AuditPipelineTests {
    func item(_ number: Int) -> AuditItem {
        AuditItem(number: number, source: "r\(number)", content: .line(Array("line \(number)".utf8), line: number))
    }

    func record(_ number: Int) -> AuditRecord { AuditRecord(number: number, source: "r\(number)", verdict: .valid) }

    @Test func auditedRecordsGoBackToTheReaderAndResultsToTheirMaker() throws {
        let pipeline = AuditPipeline(window: 8, jobs: 2)
        pipeline.submit((1...3).map(item), ended: true, stopped: false)
        var done: (record: AuditRecord, item: AuditItem)? = nil
        var finished: [AuditRecord] = []
        var handingBack: (record: AuditRecord, maker: Int)? = nil
        var released: [AuditItem] = []

        /// The caller's step: the number and maker of the record it emits (nil for any other step), and the
        /// numbers of the audited records it was handed to release.
        func callerStep() -> (emitted: (number: Int, maker: Int)?, released: [Int]) {
            let step = pipeline.nextStep(
                flushed: true, readMayWait: false, handingBack: &handingBack, released: &released)
            defer { released.removeAll() }
            guard case .emit(let record, let maker) = step else { return (nil, released.map(\.number)) }
            if maker > 0 { handingBack = (record, maker) }
            return ((record.number, maker), released.map(\.number))
        }

        // Worker 1 claims record 1, then files it (handing record 1's line back) and claims record 2.
        var claimed = try #require(pipeline.workerStep(maker: 1, done: &done, finished: &finished))
        #expect(claimed.number == 1)
        done = (record(1), claimed)
        claimed = try #require(pipeline.workerStep(maker: 1, done: &done, finished: &finished))
        #expect(claimed.number == 2 && finished.isEmpty)

        // The caller emits record 1 and gets the line worker 1 finished with.
        var caller = callerStep()
        #expect(caller.emitted?.number == 1 && caller.emitted?.maker == 1 && caller.released == [1])

        // Worker 1 files record 2 and claims 3; record 1 is still on its way back (the caller's next step takes it).
        done = (record(2), claimed)
        claimed = try #require(pipeline.workerStep(maker: 1, done: &done, finished: &finished))
        #expect(claimed.number == 3 && finished.isEmpty)

        // The caller hands record 1 back to its maker while it emits record 2.
        caller = callerStep()
        #expect(caller.emitted?.number == 2 && caller.released == [2])

        // Worker 1 files record 3 and takes back record 1, its own, to release; nothing is left to claim.
        done = (record(3), claimed)
        #expect(pipeline.workerStep(maker: 1, done: &done, finished: &finished) == nil)
        #expect(finished.map(\.number) == [1])

        caller = callerStep()
        #expect(caller.emitted?.number == 3 && caller.released == [3])
        caller = callerStep()
        #expect(caller.emitted == nil && caller.released.isEmpty)
        // The caller kept none of the records worker 1 made.
        #expect(handingBack == nil && pipeline.locked { pipeline.spentResults[1].map(\.number) } == [2, 3])
    }
}
