/// One check of a verification, reported whatever its outcome.
public struct VerificationCheck: Sendable, Equatable {
    /// How a check came out; the raw value is the JSON form.
    public enum Status: String, Sendable {
        /// Checked and right.
        case pass
        /// Checked and wrong: the verdict is `invalid` (or `untrusted`, when only the anchor fails).
        case fail
        /// Not applicable or not requested (e.g. no bundle id asked for).
        case skip
        /// Could not be carried out here (e.g. OpenSSL refuses the algorithm); says nothing about forgery.
        case error
    }

    /// Which check this is.
    public let id: CheckID
    /// How it came out.
    public let status: Status
    /// What was checked and what was found, in words; may point at an option of the caller's interface.
    public let detail: Message

    package init(_ id: CheckID, _ status: Status, _ detail: Message) {
        self.id = id
        self.status = status
        self.detail = detail
    }

    /// True for the statuses that make a receipt not valid: a failure, or a check that could not be made.
    public var isProblem: Bool { status == .fail || status == .error }
}
