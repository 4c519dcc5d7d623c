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

    /// False for a regular file, whose reads return at once; anything else (a pipe, a terminal) may wait.
    let readsMayWait: Bool

    init(descriptor: Int32, path: String, closesOnRelease: Bool) {
        self.descriptor = descriptor
        self.path = path
        self.closesOnRelease = closesOnRelease
        var status = stat()
        readsMayWait = fstat(descriptor, &status) != 0 || (status.st_mode & S_IFMT) != S_IFREG
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
