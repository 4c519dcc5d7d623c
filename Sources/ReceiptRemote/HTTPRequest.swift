/// One HTTP request for ``HTTPClient``: where, how, what, and the limits the answer must keep.
struct HTTPRequest: Sendable {
    /// The two methods the tool sends: GET for reading, POST for a request with a body.
    enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    let endpoint: HTTPEndpoint
    let method: Method
    /// The request body (POST only; empty for GET); the caller's `Content-Type` header says what it is.
    let body: [UInt8]
    /// Extra header lines (`Name: value`), each sent as given.
    let headers: [String]
    /// Seconds for the whole exchange (connecting, TLS, sending and the last byte of the answer); within
    /// ``VerifyReceiptClient/Configuration/timeoutRange``.
    let timeout: Double
    /// Seconds for connecting (name resolution, TCP and TLS handshakes); nil: as long as ``timeout``.
    let connectTimeout: Double?
    /// The most bytes the answer may take, head and body together.
    let maximumResponseSize: Int
    let trust: TrustedCertificates

    init(
        endpoint: HTTPEndpoint, method: Method = .post, body: [UInt8], headers: [String], timeout: Double,
        connectTimeout: Double? = nil, maximumResponseSize: Int, trust: TrustedCertificates
    ) {
        self.endpoint = endpoint
        self.method = method
        self.body = body
        self.headers = headers
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maximumResponseSize = maximumResponseSize
        self.trust = trust
    }
}
