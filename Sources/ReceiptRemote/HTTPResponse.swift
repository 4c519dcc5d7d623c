/// A final HTTP answer as ``HTTPClient`` hands it back: the status code, the whole body, already checked
/// (``HTTPHeadCheck``) and bounded (``HTTPRequest/maximumResponseSize``), and the one header field a caller acts
/// on. Interim 1xx answers never get here.
struct HTTPResponse: Sendable {
    let status: Int
    let body: [UInt8]
    /// The final head's `Retry-After` as sent (seconds or an HTTP date), if it had one.
    let retryAfter: String?

    init(status: Int, body: [UInt8], retryAfter: String? = nil) {
        self.status = status
        self.body = body
        self.retryAfter = retryAfter
    }

    /// Whether this is an answer at all rather than an error or a redirect: only a 2xx body is read as the
    /// verifier's answer (a redirect is never followed).
    var isSuccess: Bool { (200...299).contains(status) }

    /// `Retry-After` as whole seconds when it is a plain number (an HTTP date is not read: nil).
    var retryAfterSeconds: Int? {
        guard let text = retryAfter?.trimmingSpaces, (1...9).contains(text.utf8.count),
            text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { return nil }
        return Int(text)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let bytes = Array(utf8)
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
