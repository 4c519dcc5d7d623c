/// One check of a verification, reported whatever its outcome.
public struct VerificationCheck: Sendable, Equatable {
    public enum Status: String, Sendable {
        case pass
        case fail
        /// Not applicable or not requested (e.g. no bundle id asked for).
        case skip
        /// Could not be carried out here (e.g. OpenSSL refuses the algorithm); says nothing about forgery.
        case error
    }

    public let id: CheckID
    public let status: Status
    /// What was checked and what was found, in words; may point at an option of the caller's interface.
    public let detail: Message

    public init(_ id: CheckID, _ status: Status, _ detail: Message) {
        self.id = id
        self.status = status
        self.detail = detail
    }

    /// True for the statuses that make a receipt not valid: a failure, or a check that could not be made.
    public var isProblem: Bool { status == .fail || status == .error }
}
