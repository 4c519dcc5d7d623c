/// Why the cross-batch index could not be used. The CLI maps ``unreadable`` to exit 66, ``batchExists`` and
/// ``unknownBatch`` to 64 (a usage error), and ``failed`` to 74 (a write that did not happen).
public enum AuditIndexError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is missing, not a database, or not an index of this tool.
    case unreadable(path: String, reason: String)
    /// A read or write of the index failed (disk full, the file changed under the run).
    case failed(path: String, reason: String)
    /// The batch label is in the index already and `--resume` was not given.
    case batchExists(label: String, committed: Int)
    /// `forget --batch` named a label the index does not hold.
    case unknownBatch(label: String)

    /// The reason in words, naming the file or the batch.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot open the index \(path): \(reason)"
        case .failed(let path, let reason): "index \(path): \(reason)"
        case .batchExists(let label, let committed):
            "batch '\(label)' is in the index already (\(committed) records committed); "
                + "give --resume to go on with it, or another --batch"
        case .unknownBatch(let label): "the index holds no batch '\(label)'"
        }
    }
}
