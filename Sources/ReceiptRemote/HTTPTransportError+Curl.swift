internal import CCurl

extension HTTPTransportError {
    /// A failed libcurl transfer in words that name the host: a refusal of the ``ResponseCollector`` when it
    /// stopped the transfer, else libcurl's code and explanation.
    init(_ code: CURLcode, explanation: String, refusal: String?, request: HTTPRequest) {
        let host = request.endpoint.host
        if code == CURLE_WRITE_ERROR, let refusal {
            self.init("\(host) answered badly: \(refusal)")
            return
        }
        switch code {
        case CURLE_OPERATION_TIMEDOUT: self.init("timed out after \(request.timeout) seconds")
        case CURLE_FILESIZE_EXCEEDED: self.init("the answer is larger than \(request.maximumResponseSize) bytes")
        case CURLE_COULDNT_RESOLVE_HOST: self.init("cannot resolve \(host): \(explanation)")
        case CURLE_COULDNT_RESOLVE_PROXY: self.init("cannot resolve the proxy: \(explanation)")
        case CURLE_COULDNT_CONNECT: self.init("cannot connect to \(host) port \(request.endpoint.port): \(explanation)")
        case CURLE_PEER_FAILED_VERIFICATION:
            let reason = explanation.replacingPrefix("SSL certificate problem: ")
            self.init("TLS with \(host): the server's certificate was refused: \(reason)")
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CACERT_BADFILE: self.init("TLS with \(host): \(explanation)")
        default: self.init("\(host): \(explanation)")
        }
    }
}

extension String {
    /// Without `prefix` when it starts with it.
    fileprivate func replacingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
