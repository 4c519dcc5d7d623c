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
}
