import ReceiptKit

/// Why a record is `malformed`: the message names the line (or file) and what broke; `offset` is the byte
/// offset inside the line or the decoded layer the message names, when one is known.
public struct AuditRecordError: Sendable, Equatable {
    public let message: String
    public let offset: Int?

    public init(message: String, offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }
}
