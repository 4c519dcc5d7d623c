#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection with one deadline for everything done on it (connecting, sending, receiving), kept with the
/// monotonic clock, so `--timeout` bounds the whole request as it always has.
final class TCPConnection: ByteChannel {
    let descriptor: Int32
    private let deadline: Double
    private let seconds: Double

    /// Resolves `host` and connects to the first address that answers before the deadline.
    init(host: String, port: Int, timeout: Double) throws(HTTPTransportError) {
        seconds = timeout
        deadline = Self.monotonicNow() + timeout
        descriptor = try Self.open(host: host, port: port, deadline: deadline, seconds: timeout)
    }

    private static func open(host: String, port: Int, deadline: Double, seconds: Double) throws(HTTPTransportError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if os(Linux)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>? = nil
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let list else {
            throw HTTPTransportError("cannot resolve \(host): \(String(cString: gai_strerror(resolved)))")
        }
        defer { freeaddrinfo(list) }
        var problem = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let address = entry {
            entry = address.pointee.ai_next
            do throws(HTTPTransportError) {
                return try connect(address.pointee, deadline: deadline, seconds: seconds)
            } catch {
                problem = error.description
            }
        }
        throw HTTPTransportError("cannot connect to \(host) port \(port): \(problem)")
    }

    deinit { close(descriptor) }

    /// One address: a non-blocking connect waited for with poll, then a blocking socket again.
    private static func connect(_ address: addrinfo, deadline: Double, seconds: Double) throws(HTTPTransportError) -> Int32 {
        let handle = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard handle >= 0 else { throw HTTPTransportError(String(cString: strerror(errno))) }
        let flags = fcntl(handle, F_GETFL)
        _ = fcntl(handle, F_SETFL, flags | O_NONBLOCK)
        var problem: String? = nil
        if systemConnect(handle, address.ai_addr, address.ai_addrlen) != 0 {
            if errno == EINPROGRESS {
                problem = waitForConnection(handle, deadline: deadline, seconds: seconds)
            } else {
                problem = String(cString: strerror(errno))
            }
        }
        if let problem {
            close(handle)
            throw HTTPTransportError(problem)
        }
        _ = fcntl(handle, F_SETFL, flags)
        return handle
    }

    /// Nil once connected, else why not.
    private static func waitForConnection(_ socket: Int32, deadline: Double, seconds: Double) -> String? {
        var waiting = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
        while true {
            let left = deadline - monotonicNow()
            guard left > 0 else { return "timed out after \(seconds) seconds" }
            let ready = poll(&waiting, 1, Int32(min(left * 1000, 86_400_000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return ready == 0 ? "timed out after \(seconds) seconds" : String(cString: strerror(errno)) }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length)
            return failure == 0 ? nil : String(cString: strerror(failure))
        }
    }

    /// Gives the next blocking call on the socket what is left of the deadline, or throws when nothing is.
    func applyDeadline() throws(HTTPTransportError) {
        let left = deadline - Self.monotonicNow()
        guard left > 0 else { throw HTTPTransportError("timed out after \(seconds) seconds") }
        let whole = Int(left)
        var limit = timeval(tv_sec: whole, tv_usec: max(1, Int((left - Double(whole)) * 1_000_000)))
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            setsockopt(descriptor, SOL_SOCKET, option, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    /// The error for a failed send or receive: a timeout when the socket's limit ran out.
    func failure(_ code: Int32) -> HTTPTransportError {
        if code == EAGAIN || code == EWOULDBLOCK { return HTTPTransportError("timed out after \(seconds) seconds") }
        return HTTPTransportError(String(cString: strerror(code)))
    }

    func sendAll(_ bytes: [UInt8]) throws(HTTPTransportError) {
        var sent = 0
        while sent < bytes.count {
            try applyDeadline()
            // MSG_NOSIGNAL: a server that hung up is an error here, not a SIGPIPE for the whole process.
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw failure(errno) }
            sent += count
        }
    }

    func receive(maximum: Int) throws(HTTPTransportError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            try applyDeadline()
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw failure(errno) }
            return Array(buffer.prefix(count))
        }
    }

    /// `connect(2)`, which this type's own `connect` hides.
    private static func systemConnect(_ socket: Int32, _ address: UnsafeMutablePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
            Glibc.connect(socket, address, length)
        #else
            Darwin.connect(socket, address, length)
        #endif
    }

    /// Seconds on a clock that never jumps.
    static func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
