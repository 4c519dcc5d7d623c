import ReceiptKit

/// Why a record is `malformed`: the message names the line (or file) and what broke; `offset` is the byte
/// offset inside the line or the decoded layer the message names, when one is known.
public struct AuditRecordError: Sendable, Equatable {
    /// What broke and where, naming the line or file.
    public let message: String
    /// The byte offset of the problem within what the message names, when one is known.
    public let offset: Int?

    package init(message: String, offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }
}
