/// Verifies StoreKit 2 signed data with every signed item nested in it: a compact JWS (transaction, renewal
/// info, AppTransaction, notification payload) or an App Store Server API answer. Each item gets its own
/// ``VerificationReport`` from ``JWSVerifier``; a notification is valid only if its nested items are too.
public struct SignedDataVerifier: Sendable {
    let walker: SignedDataWalker

    public init(policy: VerificationPolicy, linkCache: LinkSignatureCache = .shared, cache: CertificateCache = .shared) {
        walker = SignedDataWalker(verifier: JWSVerifier(policy: policy, linkCache: linkCache), cache: cache)
    }

    /// `jws` handed in on its own (path ""), or found at `path` in something larger.
    public func verify(_ jws: CompactJWS, path: String = "", expected: SignedDataKind? = nil) -> SignedDataReport {
        walker.item(jws, path: path, expected: expected, appleStatus: nil)
    }

    /// Every signed item of an App Store Server API answer or notification body.
    public func verify(_ body: SignedDataBody) -> SignedDataBodyReport {
        walker.body(body)
    }
}
