/// Why a byte string is not the ASN.1 that was expected; every case names the byte offset where it broke.
public enum ASN1Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// There were no bytes at all.
    case empty
    /// The identifier or length octets at `offset` are cut off or invalid.
    case invalidHeader(offset: Int)
    /// The element at `offset` declares `length` content bytes but only `available` remain in `within`.
    case lengthPastEnd(offset: Int, length: Int, available: Int, within: String)
    /// An indefinite-length element at `offset` has no end-of-contents marker before its container ends.
    case missingEndOfContents(offset: Int)
    /// Elements nest deeper than `limit` levels; `offset` is the first element past the limit.
    case nestingTooDeep(offset: Int, limit: Int)
    /// `count` bytes follow the element that should have ended the input at `offset`.
    case trailingBytes(offset: Int, count: Int)
    /// The element at `offset` has the wrong tag.
    case unexpectedTag(offset: Int, expected: String, found: String)
    /// A constructed element at `offset` ended before an expected child.
    case missingElement(offset: Int, expected: String)
    /// The element at `offset` has a well-formed header but content that does not make sense.
    case invalidContent(offset: Int, reason: String)
    /// More than `limit` of `what` (e.g. "elements in the constructed element at offset 0"); `offset` is where the
    /// first one past the limit starts. See ``Limits``.
    case limitExceeded(offset: Int, limit: Int, what: String)

    /// The refusal of a constructed element at `parent` whose child at `offset` is one more than
    /// ``Limits/maximumElementsPerElement``.
    static func tooManyElements(inElementAt parent: Int, nextAt offset: Int) -> ASN1Error {
        .limitExceeded(
            offset: offset, limit: Limits.maximumElementsPerElement,
            what: "elements in the constructed element at offset \(parent)")
    }

    /// Where the problem is, in bytes from the start of the buffer.
    public var offset: Int {
        switch self {
        case .empty: return 0
        case .invalidHeader(let offset), .missingEndOfContents(let offset), .nestingTooDeep(let offset, _),
            .trailingBytes(let offset, _), .unexpectedTag(let offset, _, _), .missingElement(let offset, _),
            .invalidContent(let offset, _), .lengthPastEnd(let offset, _, _, _), .limitExceeded(let offset, _, _):
            return offset
        }
    }

    /// What went wrong and at which byte offset, for an error message.
    public var description: String {
        switch self {
        case .empty:
            return "input is empty"
        case .invalidHeader(let offset):
            return "invalid or truncated tag/length header at offset \(offset)"
        case .lengthPastEnd(let offset, let length, let available, let within):
            return "length at offset \(offset) runs past the end of \(within) (\(length) bytes declared, \(available) available)"
        case .missingEndOfContents(let offset):
            return "indefinite-length element at offset \(offset) has no end-of-contents marker"
        case .nestingTooDeep(let offset, let limit):
            return "elements nest deeper than \(limit) levels at offset \(offset)"
        case .trailingBytes(let offset, let count):
            return "\(count) trailing byte\(count == 1 ? "" : "s") after the end of the data at offset \(offset)"
        case .unexpectedTag(let offset, let expected, let found):
            return "expected \(expected) at offset \(offset), found \(found)"
        case .missingElement(let offset, let expected):
            return "element at offset \(offset) ends before its \(expected)"
        case .invalidContent(let offset, let reason):
            return "\(reason) at offset \(offset)"
        case .limitExceeded(let offset, let limit, let what):
            return "too many \(what): the limit is \(limit), exceeded at offset \(offset)"
        }
    }
}
