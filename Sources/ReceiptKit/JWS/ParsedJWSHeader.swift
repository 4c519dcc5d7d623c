import Synchronization

/// One JWS protected header segment, decoded and parsed, with everything that follows from its bytes alone: the
/// typed ``JWSHeader``, the `jws.algorithm` and `jws.header` checks, the x5c entries that are not standard base64,
/// and the certificates its x5c decodes to.
///
/// ``JWSHeaderCache`` keeps these by the segment's exact bytes, so a batch signed by one chain works them out once
/// instead of once per item: each reads only the header, and the certificates only its x5c texts (kept per
/// ``CertificateCache``, the one other input).
package final class ParsedJWSHeader: Sendable {
    /// The header's JSON as ``JSONParser`` parsed it.
    package let json: JSONValue
    /// The typed header; nil when the JSON is not an object (``CompactJWS`` refuses the token then).
    package let header: JWSHeader?
    /// `jws.algorithm` for this header (``JWSVerifier/algorithmCheck(_:)``).
    package let algorithmCheck: VerificationCheck?
    /// `jws.header` for this header (``JWSHeaderCheck``).
    package let headerCheck: VerificationCheck?
    /// The failing `jws.x5c` when an x5c entry is not standard padded base64; nil when every entry is.
    package let x5cFormatProblem: VerificationCheck?
    /// The certificates of the last cache asked, leaf first; a decode that fails is never kept.
    private let certificates = Mutex<(cache: CertificateCache, certificates: [X509Certificate])?>(nil)

    package init(_ json: JSONValue) {
        self.json = json
        let header = JWSHeader(json)
        self.header = header
        algorithmCheck = header.map(JWSVerifier.algorithmCheck)
        headerCheck = header.map(JWSHeaderCheck.check)
        x5cFormatProblem = header.flatMap(JWSVerifier.x5cFormatProblem)
    }

    /// The certificates `decode` makes of the header with `cache`, decoded once per cache: the same x5c texts
    /// give the same certificates from the same cache. A cache other than the last one asked is decoded again.
    func certificates<Failure: Error>(
        cache: CertificateCache, decode: (JWSHeader) throws(Failure) -> [X509Certificate]
    ) throws(Failure) -> [X509Certificate] {
        guard let header else { return [] }
        if let kept = certificates.withLock({ $0.flatMap { $0.cache === cache ? $0.certificates : nil } }) { return kept }
        let decoded = try decode(header)
        certificates.withLock { $0 = (cache, decoded) }
        return decoded
    }
}
