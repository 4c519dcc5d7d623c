internal import COpenSSL

/// Checks JOSE ES256 signatures (StoreKit 2 signed data) with a certificate's P-256 key through OpenSSL's EVP API.
///
/// JOSE writes an ECDSA signature as the two 32-byte integers r and s side by side (RFC 7518 §3.4), while
/// OpenSSL verifies the DER `ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }`. The conversion writes the
/// DER that `i2d_ECDSA_SIG` would write; OpenSSL's verify parses it, encodes it again and compares, so anything
/// else would fail as "could not check", never pass.
package enum ECDSASignatureVerifier {
    /// The size of an ES256 signature: r and s, 32 bytes each, big-endian.
    package static let es256SignatureLength = 64

    /// Verifies the raw `r || s` signature over `message`, hashed with SHA-256, with the public key of
    /// `certificate`, which must be an EC P-256 key (ES256 names both the curve and the digest).
    package static func verifyES256(signature: [UInt8], over message: [UInt8], certificate: X509Certificate)
        -> SignatureOutcome
    {
        guard signature.count == es256SignatureLength else { return wrongLength(signature) }
        let digest: [UInt8]
        do {
            digest = try DigestAlgorithm.sha256.hash(message)
        } catch {
            return .unverifiable(error)
        }
        return verifyES256(signature: signature, sha256: digest, certificate: certificate)
    }

    /// The same check over the SHA-256 `digest` of the message, for a caller that has hashed it already
    /// (``CompactJWS`` hashes its signing input once, for this check and for the audit's `payload_sha256`).
    /// The acceptance is the same: OpenSSL's ECDSA verify of the same DER signature over the same digest.
    package static func verifyES256(signature: [UInt8], sha256 digest: [UInt8], certificate: X509Certificate)
        -> SignatureOutcome
    {
        guard signature.count == es256SignatureLength else { return wrongLength(signature) }
        ERR_clear_error()
        guard let key = X509_get0_pubkey(certificate.pointer) else {
            return .unverifiable(OpenSSLError.drain("reading the leaf's public key"))
        }
        let contexts = certificate.verifyTemplates.ecdsa
        if let problem = contexts.problem({ curveProblem(key, certificate: certificate) }) {
            return .mismatch(reason: problem)
        }
        if let outcome = contexts.tableOutcome(signature: signature, sha256: digest, key: key) { return outcome }
        let result: Int32
        switch contexts.verify(signature: derSignature(raw: signature), sha256: digest, key: key) {
        case .success(let answer): result = answer
        case .failure(let error): return .unverifiable(error)
        }
        if result == 1 { return .valid }
        let error = OpenSSLError.drain("checking an ES256 signature")
        // 0 is "checked, and it does not match" (OpenSSL also answers 0 for r or s out of range); a negative
        // answer is OpenSSL failing to carry out the check, which says nothing about the signature.
        return result == 0 ? .mismatch(reason: error.entries.first) : .unverifiable(error)
    }

    private static func wrongLength(_ signature: [UInt8]) -> SignatureOutcome {
        .mismatch(reason: "an ES256 signature is \(es256SignatureLength) bytes (r || s); this one has \(signature.count)")
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

    /// The DER `ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }` of a raw `r || s` signature of 64 bytes:
    /// each half as the shortest non-negative INTEGER (leading zero bytes dropped, one 0x00 put back before a
    /// high bit, a lone 0x00 for zero), which is what `i2d_ECDSA_SIG` writes for the same r and s. Built here
    /// because the BIGNUM round trip cost more than the rest of the check outside the curve arithmetic.
    static func derSignature(raw: [UInt8]) -> [UInt8] {
        let half = raw.count / 2
        let r = derInteger(raw[..<half])
        let s = derInteger(raw[half...])
        // At most 2 x (2 + 33) content bytes for 32-byte halves: a one-byte length.
        return [0x30, UInt8(r.count + s.count)] + r + s
    }

    /// One INTEGER (tag, short-form length, minimal big-endian content) of the unsigned big-endian `bytes`.
    private static func derInteger(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var content = bytes.drop { $0 == 0 }
        if content.isEmpty { content = [0] }
        let pad = content.first.map { $0 >= 0x80 } ?? false
        return [0x02, UInt8(content.count + (pad ? 1 : 0))] + (pad ? [0] : []) + content
    }
}
