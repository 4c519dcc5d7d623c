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

/// The overall answer of a verification.
public enum Verdict: String, Sendable {
    /// Every check passed.
    case valid
    /// A check failed: the receipt is forged, tampered with, or does not match what was asked.
    case invalid
    /// Everything checks out except that the chain ends at a certificate that is not trusted.
    case untrusted
    /// The input is not a receipt that can be parsed.
    case malformed
    /// Nothing failed, but something could not be checked here (e.g. SHA-1 refused by this OpenSSL's policy).
    case unverifiable_here

    /// The verdict the checks add up to.
    public init(checks: [VerificationCheck]) {
        let failed = Set(checks.filter { $0.status == .fail }.map(\.id))
        if !failed.isEmpty {
            self = failed == [CheckID.chainAnchor] ? .untrusted : .invalid
        } else if checks.contains(where: { $0.status == .error }) {
            self = .unverifiable_here
        } else {
            self = .valid
        }
    }
}

/// The check identifiers, in the order they are reported.
public enum CheckID {
    public static let creationDate = "receipt.creation_date"
    public static let signerCount = "signer.count"
    public static let signerDigestAlgorithm = "signer.digest_algorithm"
    public static let signerCertificate = "signer.certificate"
    public static let signerSignature = "signer.signature"
    public static let chainPath = "chain.path"
    public static let chainSignatures = "chain.signatures"
    public static let chainAnchor = "chain.anchor"
    public static let chainLeafMarker = "chain.leaf_marker"
    public static let chainIntermediateMarker = "chain.intermediate_marker"
    public static let chainBasicConstraints = "chain.basic_constraints"
    public static let chainKeyUsage = "chain.key_usage"
    public static let chainValidity = "chain.validity"
    public static let bundleID = "receipt.bundle_id"
    public static let appVersion = "receipt.app_version"
    public static let deviceHash = "receipt.device_hash"
    public static let environment = "receipt.environment"
    public static let expiration = "receipt.expiration"
}
