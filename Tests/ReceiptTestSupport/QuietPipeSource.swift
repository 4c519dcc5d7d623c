@testable import ReceiptAudit

/// A pipe whose writer sends one line per read and then goes quiet: before each read after the first, `beforeRead`
/// is told how many lines were delivered, so a test can check what the reader's side did while it could wait.
package final class QuietPipeSource: AuditByteSource {
    private let lines: [[UInt8]]
    private var delivered = 0
    private let beforeRead: (Int) -> Void

    package init(lines: [String], beforeRead: @escaping (Int) -> Void) {
        self.lines = lines.map { Array(($0 + "\n").utf8) }
        self.beforeRead = beforeRead
    }

    var nextReadMayWait: Bool { true }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AuditInputError) -> Int {
        if delivered > 0 { beforeRead(delivered) }
        guard delivered < lines.count else { return 0 }
        let line = lines[delivered]
        precondition(line.count <= buffer.count, "a test line longer than the read buffer")
        buffer.copyBytes(from: line)
        delivered += 1
        return line.count
    }
}
