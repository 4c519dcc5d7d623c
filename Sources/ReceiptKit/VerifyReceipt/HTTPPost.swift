#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking JSON POST for a command-line tool that does one thing at a time: HTTP/1.1 over a socket, with TLS
/// from the OpenSSL the tool already links (``TLSConnection``). URLSession would bring FoundationNetworking and
/// with it libcurl and its dozen libraries, which a statically linked release binary cannot carry; this is all
/// verifyReceipt needs. One connection per request, closed after the answer. Proxies are not used.
enum HTTPPost {
    enum Result: Sendable {
        case success(httpStatus: Int, body: [UInt8])
        case failure(String)
    }

    /// POSTs `body` to `endpoint` and waits at most `timeout` seconds for the whole exchange.
    static func send(_ body: [UInt8], to endpoint: HTTPEndpoint, timeout: Double) -> Result {
        do throws(HTTPTransportError) {
            let connection = try TCPConnection(host: endpoint.host, port: endpoint.port, timeout: timeout)
            let channel: any ByteChannel =
                endpoint.secure ? try TLSConnection(over: connection, host: endpoint.host) : connection
            try channel.sendAll(request(body, to: endpoint))
            let response = try HTTPResponse.read(from: channel)
            return .success(httpStatus: response.status, body: response.body)
        } catch {
            return .failure(error.description)
        }
    }

    /// The request head and body: origin-form target, Host with a non-default port, a fixed length.
    static func request(_ body: [UInt8], to endpoint: HTTPEndpoint) -> [UInt8] {
        let head =
            "POST \(endpoint.target) HTTP/1.1\r\nHost: \(endpoint.hostHeader)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nAccept: application/json\r\nUser-Agent: appreceipt\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// Waits `seconds` (a retry's back-off), going back to sleep for the rest when a signal interrupts.
    static func pause(seconds: Double) {
        guard seconds > 0 else { return }
        let whole = min(seconds.rounded(.down), 86_400)
        var request = timespec(tv_sec: Int(whole), tv_nsec: Int(min(seconds - whole, 0.999_999_999) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
    }
}
