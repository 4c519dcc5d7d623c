import ReceiptKit

/// A stream of bytes the record reader pulls from: an open file or standard input.
///
/// The library does no I/O of its own (it never touches descriptors or the environment): the CLI implements this
/// over POSIX descriptors and tests implement it over memory.
public protocol AuditByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes into `buffer` and returns how many; 0 means the end of the input.
    ///
    /// - Parameter buffer: Where the bytes go, from its start; its count is the most to read.
    /// - Returns: How many bytes were read; 0 only at the end of the input.
    /// - Throws: ``AuditInputError/unreadable(path:reason:)`` when the read fails.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AuditInputError) -> Int

    /// True when a read now could wait for a writer: a pipe, terminal or socket with nothing to read yet. Never
    /// for a regular file or bytes in memory. Before such a read the audit finishes, writes and flushes every
    /// record it holds; otherwise it reads ahead freely (a fast writer's pipe stays as fast as a file).
    var nextReadMayWait: Bool { get }
}

extension AuditByteSource {
    /// Reads up to `buffer.count` bytes into the front of `buffer`; the count is clamped to the buffer's size.
    func read(into buffer: inout [UInt8]) throws(AuditInputError) -> Int {
        let outcome: Result<Int, AuditInputError> = buffer.withUnsafeMutableBytes { raw in
            do throws(AuditInputError) {
                return .success(try read(into: raw))
            } catch {
                return .failure(error)
            }
        }
        return min(max(0, try outcome.get()), buffer.count)
    }
}
