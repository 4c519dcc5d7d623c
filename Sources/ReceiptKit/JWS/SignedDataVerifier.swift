/// Verifies StoreKit 2 signed data with every signed item nested in it: a compact JWS (transaction, renewal
/// info, AppTransaction, notification payload) or an App Store Server API answer. Each item gets its own
/// ``VerificationReport`` from the same StoreKit 2 checks; a notification is valid only if its nested items are too.
public struct SignedDataVerifier: Sendable {
    let walker: SignedDataWalker

    /// A verifier for one policy, reusable across tokens and threads.
    ///
    /// - Parameters:
    ///   - policy: The anchors, time and expected fields every item is checked against.
    ///   - linkCache: Remembers chain links already checked, so a batch verifies Apple's intermediates once.
    ///   - cache: Where nested items' x5c certificates are shared.
    public init(policy: VerificationPolicy, linkCache: LinkSignatureCache = .shared, cache: CertificateCache = .shared) {
        walker = SignedDataWalker(verifier: JWSVerifier(policy: policy, linkCache: linkCache), cache: cache)
    }

    /// `jws` handed in on its own (path ""), or found at `path` in something larger.
    ///
    /// - Parameters:
    ///   - jws: The decoded token.
    ///   - path: Where the token sits in what the caller holds; it prefixes the nested items' paths.
    ///   - expected: The kind the token's position implies, used only when its fields do not say.
    /// - Returns: The token's report with a report for every item nested in it; its ``SignedDataReport/verdict``
    ///   is valid only when all of them are.
    public func verify(_ jws: CompactJWS, path: String = "", expected: SignedDataKind? = nil) -> SignedDataReport {
        walker.item(jws, path: path, expected: expected, appleStatus: nil)
    }

    /// Every signed item of an App Store Server API answer or notification body.
    ///
    /// - Parameter body: The answer; what it says beside its signed items is not verified by anything.
    /// - Returns: One report per item, and a verdict that is valid only when every item is.
    public func verify(_ body: SignedDataBody) -> SignedDataBodyReport {
        walker.body(body)
    }
}
