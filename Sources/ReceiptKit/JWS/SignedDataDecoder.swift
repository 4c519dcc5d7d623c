/// Decodes StoreKit 2 signed data and the items nested in it without any trust decision (what `decode`
/// shows): the same tree as ``SignedDataVerifier`` gives, with no reports.
public enum SignedDataDecoder {
    /// Decodes the items nested in one token, for showing what it says before (or without) trusting it.
    ///
    /// - Parameters:
    ///   - jws: A token handed in on its own.
    ///   - cache: Where nested items' x5c certificates are shared; ``CertificateCache/shared`` by default.
    /// - Returns: The token's tree with `report` nil throughout.
    public static func decode(_ jws: CompactJWS, cache: CertificateCache = .shared) -> SignedDataReport {
        SignedDataWalker(verifier: nil, cache: cache).item(jws, path: "", expected: nil, appleStatus: nil)
    }

    /// Decodes every signed item of an App Store Server API answer or notification body.
    ///
    /// - Parameters:
    ///   - body: The answer, as ``InputDecoder`` or ``SignedDataBody/serverAPIAnswer(_:kind:)`` recognised it.
    ///   - cache: Where the items' x5c certificates are shared; ``CertificateCache/shared`` by default.
    /// - Returns: One report per item in body order, with `verified` false.
    public static func decode(_ body: SignedDataBody, cache: CertificateCache = .shared) -> SignedDataBodyReport {
        SignedDataWalker(verifier: nil, cache: cache).body(body)
    }
}
