/// Why an HTTP exchange with the verifier failed below the verifyReceipt protocol: name resolution, connection,
/// TLS, a timeout, or an answer that is not well-formed HTTP. The text names the host and the reason; it never
/// carries the request body.
struct HTTPTransportError: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
