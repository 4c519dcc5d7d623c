/// Decodes StoreKit 2 signed data and the items nested in it without any trust decision (what `decode`
/// shows): the same tree as ``SignedDataVerifier`` gives, with no reports.
public enum SignedDataDecoder {
    public static func decode(_ jws: CompactJWS, cache: CertificateCache = .shared) -> SignedDataReport {
        SignedDataWalker(verifier: nil, cache: cache).item(jws, path: "", expected: nil, appleStatus: nil)
    }

    public static func decode(_ body: SignedDataBody, cache: CertificateCache = .shared) -> SignedDataBodyReport {
        SignedDataWalker(verifier: nil, cache: cache).body(body)
    }
}
