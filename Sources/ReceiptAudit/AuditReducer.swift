import ReceiptKit

/// The sequential step every record passes, in input order, after its parallel audit: the cross-record signals
/// are added, then the record is counted into the summary.
///
/// `audit` runs it over its workers' results; `summarize` runs a fresh one over audit output shards, so signals
/// that span shards are raised again and the summary equals that of one run over the same records.
public struct AuditReducer: Sendable {
    /// This batch's cross-record index, fed by ``reduce(_:)``.
    public private(set) var index = SignalIndex()
    /// The index of earlier batches (`audit --index`), consulted and written after this batch's own index.
    public let crossBatch: AuditIndex?
    private var running = AuditSummary()

    /// A reducer with an empty index and summary.
    ///
    /// - Parameter crossBatch: The index of earlier batches to consult and write, or nil for this batch alone.
    public init(crossBatch: AuditIndex? = nil) { self.crossBatch = crossBatch }

    /// Adds the cross-record signals `record` raises (this batch's, then earlier batches') and counts it; call it
    /// once per record, in input order.
    ///
    /// - Parameter record: The audited record; its cross-record signals are replaced.
    public mutating func reduce(_ record: inout AuditRecord) {
        index.observe(&record)
        crossBatch?.observe(&record)
        running.add(record)
    }

    /// Notes something about the input that makes the summary less than the whole truth (see ``AuditShards``).
    package mutating func warn(_ warning: String) { running.warn(warning) }

    /// The summary of every record reduced so far, cross-record groups included: with an index of earlier
    /// batches, a key they hold under another user is a group too, counting their users (docs/audit-index.md).
    /// An index that cannot be read here leaves a warning in the summary rather than groups that say less.
    public var summary: AuditSummary {
        var result = running
        guard let crossBatch else {
            result.finish(with: index)
            return result
        }
        do throws(AuditIndexError) {
            result.finish(withShared: try crossBatch.groups(merging: index))
        } catch {
            result.finish(with: index)
            result.warn("the summary's sharing groups leave out earlier batches: \(error)")
        }
        return result
    }
}
