internal import ReceiptKit

/// An http or https URL, taken apart for one request: what to connect to and the request target.
///
/// Only what a verifier endpoint can be is accepted: a scheme of http or https, a host name, IPv4 address or
/// bracketed IPv6 literal, an optional port, and a path and query of valid URL characters (percent escapes
/// well formed). Credentials (`user@host`) are refused rather than silently dropped or handed to libcurl (which
/// would send them as Basic authentication), and so are spaces, control characters and anything non-ASCII; a
/// fragment is never sent. libcurl is given ``url``, rebuilt from the parts checked here, never the text as typed.
struct HTTPEndpoint: Equatable, Sendable {
    let secure: Bool
    /// The host as it goes to the resolver: an IPv6 literal without its brackets.
    let host: String
    let port: Int
    /// The origin-form request target: the path ("/" when empty), then "?" and the query when there is one.
    let target: String

    var defaultPort: Int { secure ? 443 : 80 }

    /// The Host header's value: brackets around an IPv6 literal, and the port when it is not the default.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == defaultPort ? name : "\(name):\(port)"
    }

    /// The URL libcurl fetches: scheme, host (bracketed when IPv6), port and target, nothing else.
    var url: String { "\(secure ? "https" : "http")://\(hostHeader)\(target)" }

    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let separator = bytes.firstRange(of: Array("://".utf8)) else { return nil }
        switch String(decoding: bytes[..<separator.lowerBound], as: UTF8.self).lowercased() {
        case "http": secure = false
        case "https": secure = true
        default: return nil
        }
        let rest = bytes[separator.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
        let authority = rest[..<(authorityEnd ?? rest.endIndex)]
        guard let (host, port) = Self.hostAndPort(authority) else { return nil }
        self.host = host
        self.port = port ?? (secure ? 443 : 80)

        let reference = rest[(authorityEnd ?? rest.endIndex)...]
        let fragmentStart = reference.firstIndex(of: UInt8(ascii: "#")) ?? reference.endIndex
        guard Self.isValidReference(reference[..<fragmentStart]),
            Self.isValidReference(reference[fragmentStart...].dropFirst())
        else { return nil }
        var target = String(decoding: reference[..<fragmentStart], as: UTF8.self)
        if !target.hasPrefix("/") { target = "/" + target }
        self.target = target
    }

    /// Splits `host[:port]` or `[v6]:port`; nil when either part is malformed or credentials are present.
    private static func hostAndPort(_ authority: ArraySlice<UInt8>) -> (String, Int?)? {
        let hostEnd: Int
        let host: String
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            let literal = authority[(authority.startIndex + 1)..<close]
            guard literal.contains(UInt8(ascii: ":")), literal.allSatisfy({ hexDigit($0) != nil || $0 == 0x3A || $0 == 0x2E })
            else { return nil }
            host = String(decoding: literal, as: UTF8.self)
            hostEnd = close + 1
        } else {
            hostEnd = authority.firstIndex(of: UInt8(ascii: ":")) ?? authority.endIndex
            let name = authority[..<hostEnd]
            guard !name.isEmpty, name.allSatisfy({ isAlphanumeric($0) || $0 == 0x2D || $0 == 0x2E || $0 == 0x5F || $0 == 0x7E })
            else { return nil }
            host = String(decoding: name, as: UTF8.self)
        }
        let tail = authority[hostEnd...]
        if tail.isEmpty { return (host, nil) }
        guard tail.first == UInt8(ascii: ":") else { return nil }
        let digits = tail.dropFirst()
        if digits.isEmpty { return (host, nil) }
        guard digits.count <= 5, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let port = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        guard (1...65_535).contains(port) else { return nil }
        return (host, port)
    }

    /// Whether `text` carries credentials (`user:password@`) before its host: the refusal then says so.
    static func hasCredentials(_ text: String) -> Bool { redactingCredentials(text) != text }

    /// `text` with the credentials of its authority (`user:password@`), if any, replaced by `***@`: a refused URL
    /// is quoted in the error, and the password in it must not reach the terminal or a log.
    static func redactingCredentials(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let authorityStart = bytes.firstRange(of: Array("://".utf8))?.upperBound ?? 0
        let authorityEnd =
            bytes[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? bytes.endIndex
        guard let at = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) else { return text }
        return String(decoding: bytes[..<authorityStart] + Array("***".utf8) + bytes[at...], as: UTF8.self)
    }

    /// A path, query or fragment: RFC 3986 characters only, and every `%` followed by two hex digits.
    private static func isValidReference(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, hexDigit(bytes[index + 1]) != nil,
                    hexDigit(bytes[index + 2]) != nil
                else { return false }
                index += 3
                continue
            }
            guard isAlphanumeric(byte) || referencePunctuation.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    /// Unreserved and sub-delimiter punctuation, and the separators a path and query may hold.
    private static let referencePunctuation = Set("-._~!$&'()*+,;=:@/?".utf8)

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }
}
