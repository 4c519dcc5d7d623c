/// The checks a verification reports; the raw value is the JSON id documented in docs/trust-model.md and the man pages.
public enum CheckID: String, Sendable, CaseIterable {
    /// The receipt has a readable creation date (attribute 12), the time its chain is checked at by default.
    case creationDate = "receipt.creation_date"
    /// The container has exactly one signer.
    case signerCount = "signer.count"
    /// The signer's digest algorithm is one receipts use (SHA-1 or SHA-256).
    case signerDigestAlgorithm = "signer.digest_algorithm"
    /// The signer's certificate is embedded in the container, found by issuer and serial number.
    case signerCertificate = "signer.certificate"
    /// The signer's signature over the payload verifies with the signer certificate's key.
    case signerSignature = "signer.signature"
    /// A path from the signer certificate up to an anchor can be built from the embedded certificates.
    case chainPath = "chain.path"
    /// Every certificate on the path is signed by the next one up.
    case chainSignatures = "chain.signatures"
    /// The chain ends at an anchor the policy trusts (Apple's pinned root unless the caller gives others).
    case chainAnchor = "chain.anchor"
    /// The signer (leaf) certificate carries Apple's marker extension for the kind of input.
    case chainLeafMarker = "chain.leaf_marker"
    /// The intermediate carries Apple's marker extension for the kind of input (WWDR for receipts and JWS).
    case chainIntermediateMarker = "chain.intermediate_marker"
    /// CA certificates on the path say they are CAs (basic constraints) and respect their path lengths.
    case chainBasicConstraints = "chain.basic_constraints"
    /// Key usages on the path allow what each certificate is used for (signing, or signing certificates).
    case chainKeyUsage = "chain.key_usage"
    /// Every certificate on the path is valid at the verification time (the receipt's creation date by default).
    case chainValidity = "chain.validity"
    /// Online only (`--online`): no certificate below the anchor is revoked, by its OCSP responders' signed word.
    /// Reported after `chain.validity` when asked for, and absent from the report (and the lists below) otherwise.
    case chainRevocation = "chain.revocation"
    /// On request: the receipt's bundle id (attribute 2) is one of those the policy names.
    case bundleID = "receipt.bundle_id"
    /// On request: the receipt's application version (attribute 3) is the one the policy names.
    case appVersion = "receipt.app_version"
    /// On request: the receipt's SHA-1 hash (attribute 5) matches the device id, opaque value and bundle id.
    case deviceHash = "receipt.device_hash"
    /// On request: the receipt's environment (attribute 0) is the one the policy names.
    case environment = "receipt.environment"
    /// The receipt has not expired (attribute 21, when present) at the verification time.
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
