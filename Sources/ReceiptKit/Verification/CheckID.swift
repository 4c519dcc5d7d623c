/// The checks a verification reports; the raw value is the JSON id documented in docs/trust-model.md and the man pages.
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
    /// Online only (`--online`): no certificate below the anchor is revoked, by its OCSP responders' signed word.
    /// Reported after `chain.validity` when asked for, and absent from the report (and the lists below) otherwise.
    case chainRevocation = "chain.revocation"
    case bundleID = "receipt.bundle_id"
    case appVersion = "receipt.app_version"
    case deviceHash = "receipt.device_hash"
    case environment = "receipt.environment"
    case expiration = "receipt.expiration"
    /// StoreKit 2: the header's `alg` is exactly `ES256`; no other algorithm is ever tried.
    case jwsAlgorithm = "jws.algorithm"
    /// StoreKit 2: the header requires nothing this verifier does not implement (`crit`, RFC 7515 §4.1.11).
    case jwsHeader = "jws.header"
    /// StoreKit 2: `x5c` holds exactly leaf, intermediate, root, as standard base64 of DER, in that order.
    case jwsX5c = "jws.x5c"
    /// StoreKit 2: the ES256 signature (raw r || s) over `header.payload` with the leaf's P-256 key.
    case jwsSignature = "jws.signature"
    /// StoreKit 2, on request: the payload's `bundleId` (a notification's `data.bundleId`).
    case payloadBundleID = "payload.bundle_id"
    /// StoreKit 2, on request: the payload's `environment` (an AppTransaction's `receiptType`).
    case payloadEnvironment = "payload.environment"
    /// StoreKit 2, on request: the payload's `appAppleId` (a notification's `data.appAppleId`).
    case payloadAppAppleID = "payload.app_apple_id"

    /// The checks of an app receipt or iOS 6 transaction receipt, in report order.
    public static let receiptChecks: [CheckID] = [
        .creationDate, .signerCount, .signerDigestAlgorithm, .signerCertificate, .signerSignature, .chainPath,
        .chainSignatures, .chainAnchor, .chainLeafMarker, .chainIntermediateMarker, .chainBasicConstraints, .chainKeyUsage,
        .chainValidity, .bundleID, .appVersion, .deviceHash, .environment, .expiration,
    ]

    /// The checks that follow the chain from the signer certificate up, skipped together when there is none.
    static let chainChecks: [CheckID] = [
        .chainPath, .chainSignatures, .chainAnchor, .chainLeafMarker, .chainIntermediateMarker, .chainBasicConstraints,
        .chainKeyUsage, .chainValidity,
    ]

    /// The checks of one StoreKit 2 signed item, in report order; the chain checks mean what they mean for receipts.
    public static let jwsChecks: [CheckID] = [
        .jwsAlgorithm, .jwsHeader, .jwsX5c, .chainSignatures, .chainAnchor, .chainLeafMarker, .chainIntermediateMarker,
        .chainBasicConstraints, .chainKeyUsage, .chainValidity, .jwsSignature, .payloadBundleID, .payloadEnvironment,
        .payloadAppAppleID,
    ]
}
