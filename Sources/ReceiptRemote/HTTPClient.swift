internal import CCurl

/// A blocking GET or POST through libcurl, for a command-line tool that does one thing at a time: one easy handle and
/// one connection per request, TLS checked against the system's certificates (or ``TrustedCertificates``),
/// `HTTPS_PROXY`/`NO_PROXY` honoured as libcurl does by default, redirects never followed, and the answer held
/// to ``HTTPRequest/timeout`` from the first byte to the last and to ``HTTPRequest/maximumResponseSize``.
enum HTTPClient {
    /// Sends `request` and waits for the whole answer, whatever its status.
    static func send(_ request: HTTPRequest) throws(HTTPTransportError) -> HTTPResponse {
        let handle = try CurlEasyHandle()
        let collector = ResponseCollector(limit: request.maximumResponseSize)
        var headers: UnsafeMutablePointer<curl_slist>? = nil
        defer { curl_slist_free_all(headers) }
        // An empty `Expect:` keeps libcurl from waiting for a `100 Continue` before sending a larger body.
        for line in request.headers + ["Expect:"] {
            guard let longer = curl_slist_append(headers, line) else { throw HTTPTransportError("out of memory") }
            headers = longer
        }
        try configure(handle, for: request)
        try handle.set(CURLOPT_HTTPHEADER, pointer: UnsafeRawPointer(headers))
        let code = try withExtendedLifetime(collector) { () throws(HTTPTransportError) -> CURLcode in
            let context = UnsafeRawPointer(Unmanaged.passUnretained(collector).toOpaque())
            try handle.set(CURLOPT_WRITEDATA, pointer: context)
            try handle.set(CURLOPT_WRITEFUNCTION, callback: bodyCallback)
            try handle.set(CURLOPT_HEADERDATA, pointer: context)
            try handle.set(CURLOPT_HEADERFUNCTION, callback: headerCallback)
            return handle.perform()
        }
        guard code == CURLE_OK else {
            throw HTTPTransportError(
                code, explanation: handle.explanation(of: code), refusal: collector.problem, request: request)
        }
        return HTTPResponse(status: handle.responseCode, body: collector.body, retryAfter: collector.retryAfter)
    }

    /// Whole milliseconds, at least one and at most a day (the clients refuse other timeouts before this).
    private static func milliseconds(_ seconds: Double) -> Int {
        Int(min(max(1, (seconds * 1000).rounded(.up)), 86_400_000))
    }

    /// Everything but the callbacks and the header list.
    private static func configure(_ handle: CurlEasyHandle, for request: HTTPRequest) throws(HTTPTransportError) {
        try handle.set(CURLOPT_URL, request.endpoint.url)
        try handle.set(CURLOPT_PROTOCOLS_STR, "http,https")
        try handle.set(CURLOPT_FOLLOWLOCATION, 0)
        try handle.set(CURLOPT_HTTP09_ALLOWED, 0)
        // No signals: the timeouts work without SIGALRM, and the handle may be used on any thread.
        try handle.set(CURLOPT_NOSIGNAL, 1)
        switch request.method {
        case .get:
            try handle.set(CURLOPT_HTTPGET, 1)
        case .post:
            try handle.set(CURLOPT_POST, 1)
            try handle.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: request.body.count)
            try handle.set(CURLOPT_COPYPOSTFIELDS, copying: request.body)
        }
        try handle.set(CURLOPT_TIMEOUT_MS, milliseconds(request.timeout))
        try handle.set(CURLOPT_CONNECTTIMEOUT_MS, milliseconds(min(request.connectTimeout ?? request.timeout, request.timeout)))
        try handle.set(CURLOPT_MAXFILESIZE_LARGE, offset: request.maximumResponseSize)
        try handle.set(CURLOPT_SSL_VERIFYPEER, 1)
        try handle.set(CURLOPT_SSL_VERIFYHOST, 2)
        try handle.set(CURLOPT_SSLVERSION, CURL_SSLVERSION_TLSv1_2)
        if let file = request.trust.file { try handle.set(CURLOPT_CAINFO, file) }
        if let directory = request.trust.directory { try handle.set(CURLOPT_CAPATH, directory) }
        // A proxy's `200 Connection established` is not the verifier's head; keep it from the head checks.
        try handle.set(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
    }
}

/// CURLOPT_WRITEFUNCTION: a piece of the body for the ``ResponseCollector`` in `context`.
private let bodyCallback: CCurl_data_callback = { data, size, count, context in
    deliver(data, size, count, context) { $0.takeBody($1) }
}

/// CURLOPT_HEADERFUNCTION: one header line for the ``ResponseCollector`` in `context`.
private let headerCallback: CCurl_data_callback = { data, size, count, context in
    deliver(data, size, count, context) { $0.takeHeader($1) }
}

/// Hands libcurl's `size * count` bytes to `take`: the byte count when taken, else any other number, which stops
/// the transfer (0, or 1 for an empty piece).
private func deliver(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?,
    _ take: (ResponseCollector, UnsafeRawBufferPointer) -> Bool
) -> Int {
    let (length, overflow) = size.multipliedReportingOverflow(by: count)
    guard !overflow, let context else { return 0 }
    let collector = Unmanaged<ResponseCollector>.fromOpaque(context).takeUnretainedValue()
    let taken = take(collector, UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : length))
    return taken ? length : (length == 0 ? 1 : 0)
}
