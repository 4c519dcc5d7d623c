/// The checks on an answer's head that libcurl leaves to its caller, fed every header line libcurl reads.
///
/// libcurl frames the body and parses chunked coding itself, but takes the last of several `Content-Length`
/// headers and reads a signed one (`+46`) as a length. Here a status line must be `HTTP/<version> <3 digits>`,
/// every `Content-Length` plain decimal digits, and all of them in one head the same number; anything else ends
/// the transfer. Interim 1xx heads are checked the same way; trailers after a chunked body are not framing and
/// are let through.
struct HTTPHeadCheck {
    private enum Position {
        case statusLine
        case fields(status: Int)
        case trailers
    }

    private var position = Position.statusLine
    private var contentLength: UInt64? = nil
    private var fieldsInHead = 0

    /// Header lines one head may carry.
    static let maximumFields = 1_000

    /// One line as libcurl hands it over (with its CRLF); nil when it passes, else why the answer is refused.
    mutating func take(_ line: UnsafeRawBufferPointer) -> String? {
        var text = Array(line)
        while let last = text.last, last == 0x0A || last == 0x0D { text.removeLast() }
        switch position {
        case .statusLine:
            guard let status = Self.status(text) else {
                return "not an HTTP status line: '\(Self.quoted(text))'"
            }
            position = .fields(status: status)
            contentLength = nil
            fieldsInHead = 0
            return nil
        case .fields(let status):
            if text.isEmpty {
                position = (100...199).contains(status) ? .statusLine : .trailers
                return nil
            }
            fieldsInHead += 1
            guard fieldsInHead <= Self.maximumFields else { return "more than \(Self.maximumFields) HTTP header lines" }
            return checkField(text)
        case .trailers:
            return nil
        }
    }

    /// `Content-Length` values: digits only, and one number however often it is said.
    private mutating func checkField(_ text: [UInt8]) -> String? {
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        guard String(decoding: text[..<colon], as: UTF8.self).lowercased() == "content-length" else { return nil }
        for element in text[(colon + 1)...].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            let digits = Self.trimmed(element)
            guard (1...19).contains(digits.count), digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                return "Content-Length '\(Self.quoted(Array(digits)))' is not a size"
            }
            let value = digits.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 0x30) }
            if let contentLength, contentLength != value {
                return "conflicting Content-Length headers (\(contentLength) and \(value))"
            }
            contentLength = value
        }
        return nil
    }

    /// The code of `HTTP/1.0 200`, `HTTP/1.1 404 Not Found`, `HTTP/2 200` or `HTTP/3 200`; nil for anything else
    /// (a sign, fewer or more digits, no space, another protocol).
    static func status(_ line: [UInt8]) -> Int? {
        let versions = ["HTTP/1.0 ", "HTTP/1.1 ", "HTTP/2 ", "HTTP/3 "].map { Array($0.utf8) }
        guard let version = versions.first(where: { line.starts(with: $0) }) else { return nil }
        let rest = line.dropFirst(version.count)
        let code = rest.prefix(3)
        guard code.count == 3, code.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), (0x31...0x35).contains(code[code.startIndex]),
            rest.count == 3 || rest[rest.startIndex + 3] == UInt8(ascii: " ")
        else { return nil }
        return code.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return bytes[first...last]
    }

    /// At most 60 bytes of a refused line, with anything outside printable ASCII as `?`, for an error message.
    private static func quoted(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix(60).map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
}
