import Foundation

/// A blocking JSON POST for a command-line tool that does one thing at a time: HTTP/1.1 over a socket, with TLS
/// from the OpenSSL the tool already links (``TLSConnection``). URLSession would bring FoundationNetworking and
/// with it libcurl and its dozen libraries, which a statically linked release binary cannot carry; this is all
/// verifyReceipt needs. One connection per request, closed after the answer. Proxies are not used.
enum HTTPPost {
    enum Result: Sendable {
        case success(httpStatus: Int, body: Data)
        case failure(String)
    }

    /// POSTs `body` to `url` (http or https) and waits at most `timeout` seconds for the whole exchange.
    static func send(_ body: Data, to url: URL, timeout: Double) -> Result {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return .failure("not an http or https URL: \(url.absoluteString)") }
        let secure = scheme == "https"
        let port = url.port ?? (secure ? 443 : 80)
        do throws(HTTPTransportError) {
            let connection = try TCPConnection(host: host, port: port, timeout: timeout)
            let channel: any ByteChannel = secure ? try TLSConnection(over: connection, host: host) : connection
            try channel.sendAll(request(body, url: url, host: host, port: port, secure: secure))
            let response = try HTTPResponse.read(from: channel)
            return .success(httpStatus: response.status, body: Data(response.body))
        } catch {
            return .failure(error.description)
        }
    }

    /// The request head and body: origin-form target, Host with a non-default port, a fixed length.
    static func request(_ body: Data, url: URL, host: String, port: Int, secure: Bool) -> [UInt8] {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        let hostName = host.contains(":") ? "[\(host)]" : host
        let hostHeader = port == (secure ? 443 : 80) ? hostName : "\(hostName):\(port)"
        let head =
            "POST \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nAccept: application/json\r\nUser-Agent: appreceipt\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + Array(body)
    }
}
