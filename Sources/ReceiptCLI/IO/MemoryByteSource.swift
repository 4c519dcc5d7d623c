import ReceiptAudit
import ReceiptKit

/// Bytes already in memory (standard input of an in-process console).
final class MemoryByteSource: AuditByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var nextReadMayWait: Bool { false }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AuditInputError) -> Int {
        let count = min(buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + count)]))
        }
        offset += count
        return count
    }
}
