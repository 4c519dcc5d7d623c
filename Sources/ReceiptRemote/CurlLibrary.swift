internal import CCurl

/// libcurl's process-wide set-up, done once before the first transfer.
///
/// `curl_global_init` must run once, before any other libcurl call and not while another thread is in libcurl.
/// A static stored property is initialised exactly once, under the runtime's own lock (`swift_once`), however
/// many threads ask first; the answer is kept, so a failed set-up fails every transfer with the same reason.
/// It is never undone (`curl_global_cleanup`): the process ends instead.
enum CurlLibrary {
    /// Nil once libcurl is ready, else why it is not.
    static let setUpProblem: String? = {
        let code = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        return code == CURLE_OK ? nil : "libcurl could not be set up: \(String(cString: curl_easy_strerror(code)))"
    }()
}
