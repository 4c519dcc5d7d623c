internal import COpenSSL

extension X509Certificate {
    /// Whether `issuer`'s subject name equals this certificate's issuer name (RFC 5280 name comparison).
    package func isNamedIssued(by issuer: X509Certificate) -> Bool {
        X509_NAME_cmp(X509_get_issuer_name(pointer), X509_get_subject_name(issuer.pointer)) == 0
    }

    /// Whether this certificate's issuer name equals the DER-encoded name `nameDER` (for SignerInfo matching).
    package func issuerNameEquals(der nameDER: [UInt8]) -> Bool {
        // Identical encodings are equal names; only different encodings need RFC 5280 comparison.
        if nameDER == issuerDER { return true }
        guard let equal = X509Name.withDecoded(nameDER, { X509_NAME_cmp(X509_get_issuer_name(pointer), $0) == 0 }) else {
            ERR_clear_error()
            return false
        }
        return equal
    }

    /// Checks this certificate's signature with `issuer`'s public key.
    package func signatureVerifies(with issuer: X509Certificate) -> SignatureOutcome {
        ERR_clear_error()
        // Learn first whether this OpenSSL can use the signature's digest at all, so that a refusal by policy
        // is reported as "could not check" and a bad signature as a mismatch.
        var digestNID: Int32 = 0
        var keyNID: Int32 = 0
        let signatureNID = X509_get_signature_nid(pointer)
        if OBJ_find_sigid_algs(signatureNID, &digestNID, &keyNID) == 1, digestNID != NID_undef,
            let digestName = OBJ_nid2sn(digestNID)
        {
            guard let fetched = EVP_MD_fetch(nil, digestName, nil) else {
                return .unverifiable(OpenSSLError.drain("loading \(String(cString: digestName)) for a certificate signature"))
            }
            EVP_MD_free(fetched)
        }
        guard let key = X509_get0_pubkey(issuer.pointer) else {
            return .unverifiable(OpenSSLError.drain("reading the issuer's public key"))
        }
        // 1: the signature matches; 0: it was checked and does not; below 0: it could not be checked at all
        // (an unknown or mismatched algorithm, a signature BIT STRING with unused bits), which is no verdict.
        let result = X509_verify(pointer, key)
        if result == 1 { return .valid }
        if result < 0 { return .unverifiable(OpenSSLError.drain("checking a certificate signature")) }
        return .mismatch(reason: OpenSSLError.drain("checking a certificate signature").entries.first)
    }
}
