/// Why an HTTP exchange with the verifier failed below HTTP: name resolution, connection, TLS, a timeout, or
/// an answer that is not HTTP. The text names the host and the reason; it never carries the request body.
struct HTTPTransportError: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

/// A connected, ordered byte stream to the verifier: plain TCP (``TCPConnection``) or TLS over it
/// (``TLSConnection``).
protocol ByteChannel: AnyObject {
    /// Sends every byte, or throws.
    func sendAll(_ bytes: [UInt8]) throws(HTTPTransportError)
    /// Up to `maximum` bytes as soon as some arrive; empty when the peer has closed the stream.
    func receive(maximum: Int) throws(HTTPTransportError) -> [UInt8]
}
