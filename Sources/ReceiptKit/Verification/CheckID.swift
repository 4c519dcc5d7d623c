/// The checks a verification reports, in the order they are reported; the raw value is the JSON id documented
/// in the README and man page.
public enum CheckID: String, Sendable, CaseIterable {
    case creationDate = "receipt.creation_date"
    case signerCount = "signer.count"
    case signerDigestAlgorithm = "signer.digest_algorithm"
    case signerCertificate = "signer.certificate"
    case signerSignature = "signer.signature"
    case chainPath = "chain.path"
    case chainSignatures = "chain.signatures"
    case chainAnchor = "chain.anchor"
    case chainLeafMarker = "chain.leaf_marker"
    case chainIntermediateMarker = "chain.intermediate_marker"
    case chainBasicConstraints = "chain.basic_constraints"
    case chainKeyUsage = "chain.key_usage"
    case chainValidity = "chain.validity"
    case bundleID = "receipt.bundle_id"
    case appVersion = "receipt.app_version"
    case deviceHash = "receipt.device_hash"
    case environment = "receipt.environment"
    case expiration = "receipt.expiration"

    /// The checks that follow the chain from the signer certificate up, skipped together when there is none.
    static let chainChecks: [CheckID] = [
        .chainPath, .chainSignatures, .chainAnchor, .chainLeafMarker, .chainIntermediateMarker, .chainBasicConstraints,
        .chainKeyUsage, .chainValidity,
    ]
}
