import ReceiptKit

/// One record as read, before any decoding: its position, where it came from and its raw content.
///
/// Parsing (JSON, base64, DER) is left to the workers, so the single reading thread only splits input.
public struct AuditItem: Sendable {
    /// The bytes of the record as read, or why there are none.
    public enum Content: Sendable {
        /// A whole file holding one receipt.
        case file([UInt8])
        /// One line of a records file: a bare base64 receipt or a JSON object; `line` is its 1-based number.
        case line([UInt8], line: Int)
        /// The record could not be read (a file in a walked directory, or a read error part-way through).
        case unreadable(String)
        /// The record was read but refused before parsing (over the size limit); the message names it.
        case refused(String)
    }

    /// 1-based position in the whole input.
    public let number: Int
    /// The path, `path:line`, or `(stdin):line`.
    public let source: String
    /// The record's bytes, or why it could not be read.
    public let content: Content

    /// An item as a reader of the caller's own would make it, for ``RecordAuditor/audit(_:)``.
    ///
    /// - Parameters:
    ///   - number: 1-based position in the whole input; signals and the summary name records by it.
    ///   - source: Where the record came from, as output names it (a path, `path:line`).
    ///   - content: The bytes as read, or why there are none.
    public init(number: Int, source: String, content: Content) {
        self.number = number
        self.source = source
        self.content = content
    }
}
