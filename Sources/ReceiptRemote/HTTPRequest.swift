/// One HTTP POST for ``HTTPClient``: where, what, and the limits the answer must keep.
struct HTTPRequest: Sendable {
    let endpoint: HTTPEndpoint
    /// The request body; the caller's `Content-Type` header says what it is.
    let body: [UInt8]
    /// Extra header lines (`Name: value`), each sent as given.
    let headers: [String]
    /// Seconds for the whole exchange (connecting, TLS, sending and the last byte of the answer), and at most as
    /// long for connecting; within ``VerifyReceiptClient/Configuration/timeoutRange``.
    let timeout: Double
    /// The most bytes the answer may take, head and body together.
    let maximumResponseSize: Int
    let trust: TrustedCertificates
}
