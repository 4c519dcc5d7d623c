/// The check identifiers of StoreKit 2 signed data, in the order they are reported. Chain checks that mean the
/// same as for receipts share their ids (``CheckID``); the receipt-only ones (`chain.path`, `signer.*`) are
/// replaced by `jws.x5c` and `jws.signature`.
public enum JWSCheckID {
    /// The header's `alg` is exactly `ES256`; no other algorithm is ever tried.
    public static let algorithm = CheckID.jwsAlgorithm
    /// `x5c` holds exactly leaf, intermediate, root, as standard base64 of DER, in that order.
    public static let x5c = CheckID.jwsX5c
    public static let chainSignatures = CheckID.chainSignatures
    public static let chainAnchor = CheckID.chainAnchor
    public static let chainLeafMarker = CheckID.chainLeafMarker
    public static let chainIntermediateMarker = CheckID.chainIntermediateMarker
    public static let chainBasicConstraints = CheckID.chainBasicConstraints
    public static let chainKeyUsage = CheckID.chainKeyUsage
    public static let chainValidity = CheckID.chainValidity
    /// The ES256 signature (raw r || s) over `header.payload` with the leaf's P-256 key.
    public static let signature = CheckID.jwsSignature
    /// On request: the payload's `bundleId` (a notification's `data.bundleId`).
    public static let bundleID = CheckID.payloadBundleID
    /// On request: the payload's `environment` (an AppTransaction's `receiptType`).
    public static let environment = CheckID.payloadEnvironment
    /// On request: the payload's `appAppleId` (a notification's `data.appAppleId`).
    public static let appAppleID = CheckID.payloadAppAppleID

    /// Every id, in report order.
    public static let all: [CheckID] = [
        algorithm, x5c, chainSignatures, chainAnchor, chainLeafMarker, chainIntermediateMarker, chainBasicConstraints,
        chainKeyUsage, chainValidity, signature, bundleID, environment, appAppleID,
    ]
}
