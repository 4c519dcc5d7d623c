/// One check of a verification, reported whatever its outcome.
public struct VerificationCheck: Sendable, Equatable {
    public enum Status: String, Sendable {
        case pass
        case fail
        /// Not applicable or not requested (e.g. no --bundle-id given).
        case skip
        /// Could not be carried out here (e.g. OpenSSL refuses the algorithm); says nothing about forgery.
        case error
    }

    /// Stable identifier such as `signer.signature` or `chain.anchor`; documented in README and man page.
    public let id: String
    public let status: Status
    /// What was checked and what was found, in words.
    public let detail: String

    public init(_ id: String, _ status: Status, _ detail: String) {
        self.id = id
        self.status = status
        self.detail = detail
    }
}
