internal import COpenSSL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TLS client session over a ``TCPConnection``, for the verifyReceipt client, done with the OpenSSL the tool
/// already links (so the installed binary needs no HTTP library of its own). The server's certificate must
/// chain to OpenSSL's default trust store (the system's; `SSL_CERT_FILE` and `SSL_CERT_DIR` when set, which
/// OpenSSL itself reads) and name the host; TLS 1.2 is the lowest version accepted.
final class TLSConnection: ByteChannel {
    private let transport: TCPConnection
    private let context: OpaquePointer
    private let session: OpaquePointer
    private let host: String

    /// Connects over `transport` and verifies the server for `host`.
    init(over transport: TCPConnection, host: String) throws(HTTPTransportError) {
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw Self.failure("setting up TLS", host: host) }
        guard let session = SSL_new(context) else {
            SSL_CTX_free(context)
            throw Self.failure("setting up TLS", host: host)
        }
        self.transport = transport
        self.context = context
        self.session = session
        self.host = host
        try configure()
        try handshake()
    }

    deinit {
        SSL_free(session)
        SSL_CTX_free(context)
    }

    /// Trust store, peer verification, minimum version, SNI and the expected host name.
    private func configure() throws(HTTPTransportError) {
        guard SSL_CTX_set_default_verify_paths(context) == 1,
            COpenSSL_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION) == 1
        else { throw Self.failure("loading the system's trusted certificates", host: host) }
        COpenSSL_SSL_CTX_ignore_unexpected_eof(context)
        SSL_set_verify(session, SSL_VERIFY_PEER, nil)
        // An IP literal must be among the certificate's IP addresses; a name among its DNS names, and is sent as SNI.
        let isAddress = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
        let named =
            isAddress
            ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(session), host) == 1
            : COpenSSL_SSL_set_tlsext_host_name(session, host) == 1 && SSL_set1_host(session, host) == 1
        guard named, SSL_set_fd(session, transport.descriptor) == 1 else { throw Self.failure("setting up TLS", host: host) }
    }

    private func handshake() throws(HTTPTransportError) {
        while true {
            try transport.applyDeadline()
            let result = SSL_connect(session)
            if result == 1 { return }
            let verification = SSL_get_verify_result(session)
            if verification != Int(X509_V_OK) {
                let reason = String(cString: X509_verify_cert_error_string(verification))
                throw HTTPTransportError("TLS with \(host): the server's certificate was refused: \(reason)")
            }
            if SSL_get_error(session, result) == SSL_ERROR_SYSCALL, errno == EINTR { continue }
            throw ioFailure(result, doing: "TLS handshake")
        }
    }

    func sendAll(_ bytes: [UInt8]) throws(HTTPTransportError) {
        var sent = 0
        while sent < bytes.count {
            try transport.applyDeadline()
            let count = bytes[sent...].withUnsafeBytes { SSL_write(session, $0.baseAddress, Int32(clamping: $0.count)) }
            guard count > 0 else { throw ioFailure(count, doing: "sending") }
            sent += Int(count)
        }
    }

    func receive(maximum: Int) throws(HTTPTransportError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            try transport.applyDeadline()
            let count = buffer.withUnsafeMutableBytes { SSL_read(session, $0.baseAddress, Int32(clamping: $0.count)) }
            if count > 0 { return Array(buffer.prefix(Int(count))) }
            let code = SSL_get_error(session, count)
            // A clean close_notify, or a peer that just closed (ignored on purpose, see COpenSSL.h): end of stream.
            if code == SSL_ERROR_ZERO_RETURN { return [] }
            if code == SSL_ERROR_SYSCALL, errno == EINTR { continue }
            throw ioFailure(count, doing: "receiving")
        }
    }

    /// A failed SSL_connect, SSL_write or SSL_read in words: the socket's error, else OpenSSL's queue.
    private func ioFailure(_ result: Int32, doing what: String) -> HTTPTransportError {
        let code = SSL_get_error(session, result)
        if code == SSL_ERROR_SYSCALL || code == SSL_ERROR_WANT_READ || code == SSL_ERROR_WANT_WRITE, errno != 0 {
            return HTTPTransportError("TLS with \(host), \(what): \(transport.failure(errno))")
        }
        return Self.failure(what, host: host)
    }

    private static func failure(_ what: String, host: String) -> HTTPTransportError {
        let queue = OpenSSLError.drain(what)
        let reason = queue.entries.isEmpty ? "the connection was closed" : queue.entries.joined(separator: "; ")
        return HTTPTransportError("TLS with \(host), \(what): \(reason)")
    }
}
