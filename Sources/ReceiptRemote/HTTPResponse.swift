/// A final HTTP answer as ``HTTPClient`` hands it back: the status code and the whole body, already checked
/// (``HTTPHeadCheck``) and bounded (``HTTPRequest/maximumResponseSize``). Interim 1xx answers never get here.
struct HTTPResponse: Sendable {
    let status: Int
    let body: [UInt8]

    /// Whether this is an answer at all rather than an error or a redirect: only a 2xx body is read as the
    /// verifier's answer (a redirect is never followed).
    var isSuccess: Bool { (200...299).contains(status) }
}
