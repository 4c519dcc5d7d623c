import ReceiptAudit
import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file descriptor. A read interrupted by Ctrl-C ends the stream; any other interruption is retried.
final class DescriptorByteSource: AuditByteSource {
    private let descriptor: Int32
    private let path: String
    private let closesOnRelease: Bool

    /// A regular file's reads return at once; anything else (a pipe, a terminal) is asked with `poll`.
    private let isRegularFile: Bool

    init(descriptor: Int32, path: String, closesOnRelease: Bool) {
        self.descriptor = descriptor
        self.path = path
        self.closesOnRelease = closesOnRelease
        var status = stat()
        isRegularFile = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Nothing to read yet (no data, no end of input, no error to report): `poll` with no timeout says so.
    var nextReadMayWait: Bool {
        guard !isRegularFile else { return false }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) <= 0
    }

    deinit {
        if closesOnRelease { close(descriptor) }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AuditInputError) -> Int {
        while true {
            let count = readDescriptor(descriptor, buffer)
            if count >= 0 { return count }
            if errno == EINTR {
                if InterruptFlag.isRaised { return 0 }
                continue
            }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
    }
}

/// `read(2)`, outside the type whose own `read` would shadow it.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
