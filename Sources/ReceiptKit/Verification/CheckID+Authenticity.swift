/// Which checks say whether the data is what its signer signed, as opposed to whether it suits this app.
extension CheckID {
    /// True for the checks of the signature and the certificate chain (`signer.*`, `chain.*`, `jws.*`): when one
    /// fails, nothing in the data is known to come from Apple. False for the checks of what the data says
    /// (`receipt.*`, `payload.*`): a genuine receipt of another app or environment is still genuine, so the audit
    /// lets it feed the cross-record indexes.
    public var isAboutAuthenticity: Bool {
        switch self {
        case .signerCount, .signerDigestAlgorithm, .signerCertificate, .signerSignature, .chainPath, .chainSignatures,
            .chainAnchor, .chainLeafMarker, .chainIntermediateMarker, .chainBasicConstraints, .chainKeyUsage,
            .chainValidity, .chainRevocation, .jwsAlgorithm, .jwsHeader, .jwsX5c, .jwsSignature:
            return true
        case .creationDate, .bundleID, .appVersion, .deviceHash, .environment, .expiration, .payloadBundleID,
            .payloadEnvironment, .payloadAppAppleID:
            return false
        }
    }
}
