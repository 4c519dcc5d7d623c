import Testing

@testable import ReceiptKit

/// Memory goes back to the thread that allocated it: a worker hands the caller the records it audited (the caller
/// read them), and the caller hands each worker the results it made once they are emitted. Freeing on another
/// thread locks the allocating thread's malloc arena and moves cache lines between cores.
@Suite struct AuditPipelineTests {
    func item(_ number: Int) -> AuditItem {
        AuditItem(number: number, source: "r\(number)", content: .line(Array("line \(number)".utf8), line: number))
    }

    func record(_ number: Int) -> AuditRecord { AuditRecord(number: number, source: "r\(number)", verdict: .valid) }

    /// The caller's next emit, with the worker that made it.
    func nextEmit(_ pipeline: AuditPipeline) -> (number: Int, maker: Int)? {
        if case .emit(let record, let maker) = pipeline.nextStep(flushed: false, readMayWait: false) {
            return (record.number, maker)
        }
        return nil
    }

    @Test func auditedRecordsGoBackToTheReaderAndResultsToTheirMaker() throws {
        let pipeline = AuditPipeline(window: 8, jobs: 3)
        pipeline.submit((1...4).map(item), ended: true, stopped: false)

        // Worker 2 files record 1 with the item it audited; nothing of its own has been emitted yet.
        #expect(pipeline.file(record(1), maker: 2, spent: item(1)).isEmpty)
        let first = try #require(nextEmit(pipeline))
        #expect(first.number == 1 && first.maker == 2)
        // Emitting it gives the caller back the item worker 2 finished with, and keeps the record for worker 2.
        #expect(pipeline.emitted(record(1), maker: 2).map(\.number) == [1])

        // The caller's own result stays with the caller.
        pipeline.file(record(2))
        let second = try #require(nextEmit(pipeline))
        #expect(second.number == 2 && second.maker == 0)
        #expect(pipeline.emitted(record(2), maker: 0).isEmpty, "item 1 handed back twice, or record 2 kept")

        // Worker 1's next filing takes nothing of worker 2's; worker 2's next filing takes its emitted record 1.
        #expect(pipeline.file(record(3), maker: 1, spent: item(3)).isEmpty)
        #expect(pipeline.file(record(4), maker: 2, spent: item(4)).map(\.number) == [1])
        #expect(pipeline.file(record(4), maker: 2).isEmpty, "taken twice")
        #expect(nextEmit(pipeline)?.maker == 1)
        #expect(pipeline.emitted(record(3), maker: 1).map(\.number) == [3, 4])
    }
}
