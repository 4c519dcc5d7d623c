/// An HTTP/1.1 response read off a connection: the status code and the body, framed by `Content-Length`,
/// chunked transfer coding, or the end of the connection (the request asks for `Connection: close`). Interim
/// 1xx responses are skipped. Every size is bounded, so a hostile server cannot make the reader grow without
/// limit or loop forever.
struct HTTPResponse: Sendable {
    let status: Int
    let body: [UInt8]

    /// The most a verifyReceipt answer may take, head and body (real ones are far below a megabyte).
    static let maximumSize = 32 << 20

    /// Reads one response from `channel`.
    static func read(from channel: any ByteChannel) throws(HTTPTransportError) -> HTTPResponse {
        var reader = Reader(channel: channel)
        while true {
            let head = try reader.head()
            guard (100...199).contains(head.status) else {
                return HTTPResponse(status: head.status, body: try reader.body(head))
            }
        }
    }

    struct Head {
        let status: Int
        let chunked: Bool
        let contentLength: Int?
    }

    /// Bytes received and not yet used, with the channel to take more from.
    struct Reader {
        let channel: any ByteChannel
        var buffer: [UInt8] = []
        var received = 0
        var closed = false

        init(channel: any ByteChannel) { self.channel = channel }

        /// Receives more; false when the peer has closed the connection.
        mutating func fill() throws(HTTPTransportError) -> Bool {
            guard !closed else { return false }
            let more = try channel.receive(maximum: 65_536)
            if more.isEmpty {
                closed = true
                return false
            }
            received += more.count
            guard received <= HTTPResponse.maximumSize else {
                throw HTTPTransportError("the answer is larger than \(HTTPResponse.maximumSize) bytes")
            }
            buffer += more
            return true
        }

        /// One line without its CRLF (a bare LF is tolerated).
        mutating func line() throws(HTTPTransportError) -> String {
            while true {
                if let end = buffer.firstIndex(of: 0x0A) {
                    var line = Array(buffer[..<end])
                    buffer.removeFirst(end + 1)
                    if line.last == 0x0D { line.removeLast() }
                    return String(decoding: line, as: UTF8.self)
                }
                guard buffer.count <= 65_536 else { throw HTTPTransportError("an HTTP header line is longer than 64 KB") }
                guard try fill() else { throw HTTPTransportError("the connection closed in the middle of the HTTP header") }
            }
        }

        /// The status line and the headers that frame the body.
        mutating func head() throws(HTTPTransportError) -> Head {
            let statusLine = try line()
            let parts = statusLine.split(separator: " ", maxSplits: 2)
            guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]), (100...999).contains(status) else {
                throw HTTPTransportError("not an HTTP answer: '\(statusLine.prefix(80))'")
            }
            var chunked = false
            var length: Int? = nil
            for _ in 0..<1000 {
                let header = try line()
                if header.isEmpty { return Head(status: status, chunked: chunked, contentLength: length) }
                guard let colon = header.firstIndex(of: ":") else { continue }
                let name = header[..<colon].lowercased()
                let value = header[header.index(after: colon)...].trimmingWhitespace.lowercased()
                if name == "transfer-encoding" { chunked = value.hasSuffix("chunked") }
                if name == "content-length" {
                    guard let number = Int(value), number >= 0 else {
                        throw HTTPTransportError("Content-Length '\(value.prefix(40))' is not a size")
                    }
                    length = number
                }
            }
            throw HTTPTransportError("more than 1000 HTTP header lines")
        }

        /// The body the head announces.
        mutating func body(_ head: Head) throws(HTTPTransportError) -> [UInt8] {
            if head.status == 204 || head.status == 304 { return [] }
            if head.chunked { return try chunks() }
            if let length = head.contentLength { return try take(length) }
            while try fill() {}
            defer { buffer.removeAll() }
            return buffer
        }

        /// Exactly `count` bytes.
        mutating func take(_ count: Int) throws(HTTPTransportError) -> [UInt8] {
            guard count <= HTTPResponse.maximumSize else {
                throw HTTPTransportError("the answer is larger than \(HTTPResponse.maximumSize) bytes")
            }
            while buffer.count < count {
                guard try fill() else {
                    throw HTTPTransportError("the connection closed after \(buffer.count) of \(count) body bytes")
                }
            }
            defer { buffer.removeFirst(count) }
            return Array(buffer.prefix(count))
        }

        /// A chunked body: hexadecimal sizes, each chunk followed by CRLF, ended by a zero size and trailers.
        mutating func chunks() throws(HTTPTransportError) -> [UInt8] {
            var body: [UInt8] = []
            while true {
                let sizeLine = try line()
                let digits = sizeLine.split(separator: ";", maxSplits: 1).first.map { $0.trimmingWhitespace } ?? ""
                guard !digits.isEmpty, digits.count <= 8, let size = Int(digits, radix: 16) else {
                    throw HTTPTransportError("bad chunk size '\(sizeLine.prefix(40))'")
                }
                if size == 0 {
                    while try !line().isEmpty {}
                    return body
                }
                body += try take(size)
                guard try line().isEmpty else { throw HTTPTransportError("a chunk does not end with CRLF") }
            }
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (header values).
    fileprivate var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
