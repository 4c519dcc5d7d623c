/// Where libcurl's callbacks put an answer while it arrives: the body, bounded, and the head's checks.
///
/// libcurl calls back with each piece as it reads it; a callback that takes fewer bytes than offered ends the
/// transfer (`CURLE_WRITE_ERROR`), and ``problem`` then says why. Appending to one array keeps the cost linear
/// in the bytes received, however small the pieces (a body sent as one-byte chunks).
final class ResponseCollector {
    private(set) var body: [UInt8] = []
    /// Why the collector stopped the transfer, if it did.
    private(set) var problem: String? = nil
    /// The latest head's `Retry-After` value, if it had one.
    private(set) var retryAfter: String? = nil
    private var head = HTTPHeadCheck()
    private var received = 0
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Takes a piece of the body; false (stop) when it would pass the limit.
    func takeBody(_ piece: UnsafeRawBufferPointer) -> Bool {
        guard count(piece.count) else { return false }
        body.append(contentsOf: piece)
        return true
    }

    /// Takes one header line (status line, field, blank line or trailer); false (stop) when it is refused.
    func takeHeader(_ line: UnsafeRawBufferPointer) -> Bool {
        guard count(line.count) else { return false }
        if let refusal = head.take(line) {
            problem = refusal
            return false
        }
        noteRetryAfter(Array(line))
        return true
    }

    /// Keeps a `Retry-After` field's value; a new status line forgets the last head's.
    private func noteRetryAfter(_ line: [UInt8]) {
        if line.starts(with: Array("HTTP/".utf8)) {
            retryAfter = nil
            return
        }
        let name = Array("retry-after:".utf8)
        guard line.count > name.count, zip(line, name).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) else { return }
        let value = line[name.count...].prefix { $0 != 0x0D && $0 != 0x0A }
        retryAfter = String(decoding: value, as: UTF8.self).trimmingSpaces
    }

    /// Adds to the bytes received, head and body together; false once past the limit.
    private func count(_ bytes: Int) -> Bool {
        let (total, overflow) = received.addingReportingOverflow(bytes)
        guard !overflow, total <= limit else {
            problem = "the answer is larger than \(limit) bytes"
            return false
        }
        received = total
        return true
    }
}
