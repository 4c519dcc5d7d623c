internal import CCurl

/// One libcurl easy handle, used for one transfer and cleaned up with this object, with the error buffer in
/// which libcurl explains a failure.
///
/// Option setters throw when libcurl refuses an option (one it does not know, in a libcurl older than 7.85),
/// so a transfer never starts with a safeguard silently missing.
final class CurlEasyHandle {
    let pointer: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>

    init() throws(HTTPTransportError) {
        if let problem = CurlLibrary.setUpProblem { throw HTTPTransportError(problem) }
        guard let pointer = curl_easy_init() else { throw HTTPTransportError("libcurl could not make a transfer handle") }
        self.pointer = pointer
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try set(CURLOPT_ERRORBUFFER, pointer: UnsafeRawPointer(errorBuffer))
    }

    deinit {
        curl_easy_cleanup(pointer)
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int) throws(HTTPTransportError) {
        try check(CCurl_setopt_long(pointer, option, value), option)
    }

    func set(_ option: CURLoption, offset value: Int) throws(HTTPTransportError) {
        try check(CCurl_setopt_offset(pointer, option, curl_off_t(value)), option)
    }

    /// A string option; libcurl keeps its own copy.
    func set(_ option: CURLoption, _ value: String) throws(HTTPTransportError) {
        try check(value.withCString { CCurl_setopt_pointer(pointer, option, $0) }, option)
    }

    /// A pointer option; what it points at must outlive the transfer.
    func set(_ option: CURLoption, pointer value: UnsafeRawPointer?) throws(HTTPTransportError) {
        try check(CCurl_setopt_pointer(pointer, option, value), option)
    }

    /// A byte option libcurl copies (CURLOPT_COPYPOSTFIELDS, after CURLOPT_POSTFIELDSIZE_LARGE gave its length).
    func set(_ option: CURLoption, copying bytes: [UInt8]) throws(HTTPTransportError) {
        let code = bytes.withUnsafeBytes { buffer in
            "".withCString { empty in CCurl_setopt_pointer(pointer, option, buffer.baseAddress ?? UnsafeRawPointer(empty)) }
        }
        try check(code, option)
    }

    func set(_ option: CURLoption, callback: CCurl_data_callback) throws(HTTPTransportError) {
        try check(CCurl_setopt_callback(pointer, option, callback), option)
    }

    /// Runs the transfer to its end, blocking.
    func perform() -> CURLcode {
        errorBuffer[0] = 0
        return curl_easy_perform(pointer)
    }

    /// The last answer's status code (0 when none arrived).
    var responseCode: Int {
        var code = 0
        return CCurl_getinfo_long(pointer, CURLINFO_RESPONSE_CODE, &code) == CURLE_OK ? code : 0
    }

    /// libcurl's explanation of `code`: its error buffer when it wrote one, else the code's general text.
    func explanation(of code: CURLcode) -> String {
        let detail = String(cString: errorBuffer)
        return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
    }

    private func check(_ code: CURLcode, _ option: CURLoption) throws(HTTPTransportError) {
        guard code == CURLE_OK else {
            throw HTTPTransportError("libcurl refused option \(option.rawValue): \(String(cString: curl_easy_strerror(code)))")
        }
    }
}
