internal import COpenSSL

/// Checks JOSE ES256 signatures (StoreKit 2 signed data) with a certificate's P-256 key through OpenSSL's EVP API.
///
/// JOSE writes an ECDSA signature as the two 32-byte integers r and s side by side (RFC 7518 §3.4), while
/// OpenSSL verifies the DER `ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }`. The conversion goes through
/// OpenSSL's own ECDSA_SIG so that the DER it verifies is the DER it would have written.
public enum ECDSASignatureVerifier {
    /// The size of an ES256 signature: r and s, 32 bytes each, big-endian.
    public static let es256SignatureLength = 64

    /// Verifies the raw `r || s` signature over `message`, hashed with SHA-256, with the public key of
    /// `certificate`, which must be an EC P-256 key (ES256 names both the curve and the digest).
    public static func verifyES256(signature: [UInt8], over message: [UInt8], certificate: X509Certificate)
        -> SignatureOutcome
    {
        guard signature.count == es256SignatureLength else {
            return .mismatch(reason: "an ES256 signature is 64 bytes (r || s); this one has \(signature.count)")
        }
        ERR_clear_error()
        guard let key = X509_get0_pubkey(certificate.pointer) else {
            return .unverifiable(OpenSSLError.drain("reading the leaf's public key"))
        }
        if let problem = curveProblem(key, certificate: certificate) { return .mismatch(reason: problem) }
        let der: [UInt8]
        switch derSignature(raw: signature) {
        case .success(let encoded): der = encoded
        case .failure(let error): return .unverifiable(error)
        }
        let result: Int32
        switch DigestVerification.run(
            signature: der, over: message[...], digest: .sha256, key: key, templates: certificate.verifyTemplates,
            operation: "an ES256 signature check")
        {
        case .success(let answer): result = answer
        case .failure(let error): return .unverifiable(error)
        }
        if result == 1 { return .valid }
        let error = OpenSSLError.drain("checking an ES256 signature")
        // 0 is "checked, and it does not match" (OpenSSL also answers 0 for r or s out of range); a negative
        // answer is OpenSSL failing to carry out the check, which says nothing about the signature.
        return result == 0 ? .mismatch(reason: error.entries.first) : .unverifiable(error)
    }

    /// Why the key cannot carry an ES256 signature, or nil when it is an EC P-256 key.
    private static func curveProblem(_ key: OpaquePointer, certificate: X509Certificate) -> String? {
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC else {
            return "the leaf's key is \(certificate.publicKeyDescription), not EC P-256 as ES256 requires"
        }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_group_name(key, &name, name.count, &length) == 1 else {
            ERR_clear_error()
            return "the leaf's EC key names no curve; ES256 requires P-256"
        }
        let curve = String(decoding: name.prefix(min(length, name.count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return curve == "prime256v1" ? nil : "the leaf's key is on curve \(curve), not P-256 as ES256 requires"
    }

    /// The DER `ECDSA-Sig-Value` of a raw `r || s` signature of even length.
    static func derSignature(raw: [UInt8]) -> Result<[UInt8], OpenSSLError> {
        let half = raw.count / 2
        guard half > 0, raw.count == half * 2, let length = Int32(exactly: half) else {
            return .failure(OpenSSLError(operation: "encoding an ECDSA signature", entries: ["odd or empty r || s"]))
        }
        ERR_clear_error()
        guard let signature = ECDSA_SIG_new() else { return .failure(OpenSSLError.drain("allocating an ECDSA signature")) }
        defer { ECDSA_SIG_free(signature) }
        let (r, s) = raw.withUnsafeBufferPointer { bytes -> (OpaquePointer?, OpaquePointer?) in
            guard let base = bytes.baseAddress else { return (nil, nil) }
            return (BN_bin2bn(base, length, nil), BN_bin2bn(base + half, length, nil))
        }
        // ECDSA_SIG_set0 takes ownership of both numbers only when it succeeds.
        guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            return .failure(OpenSSLError.drain("building an ECDSA signature from r and s"))
        }
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        let encodedLength = i2d_ECDSA_SIG(signature, &buffer)
        guard encodedLength > 0, let buffer else { return .failure(OpenSSLError.drain("encoding an ECDSA signature")) }
        defer { COpenSSL_free(buffer) }
        return .success(Array(UnsafeBufferPointer(start: buffer, count: Int(encodedLength))))
    }
}
