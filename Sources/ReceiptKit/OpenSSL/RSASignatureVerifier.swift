internal import COpenSSL

/// Checks PKCS#1 v1.5 signatures (what receipts use) with a certificate's public key through OpenSSL's EVP API.
public enum RSASignatureVerifier {
    /// Verifies `signature` over `message`, hashed with `digest`, with the public key of `certificate`.
    public static func verify(
        signature: [UInt8], over message: [UInt8], digest: DigestAlgorithm, certificate: X509Certificate
    ) -> SignatureOutcome {
        ERR_clear_error()
        guard let key = X509_get0_pubkey(certificate.pointer) else {
            return .unverifiable(OpenSSLError.drain("reading the signer's public key"))
        }
        guard let context = EVP_MD_CTX_new() else { return .unverifiable(OpenSSLError.drain("allocating a digest context")) }
        defer { EVP_MD_CTX_free(context) }
        // A digest that cannot be fetched, or an init failure, means this OpenSSL will not use the algorithm
        // (policy, provider): nothing was checked. Passing a nil digest would silently pick a default one.
        guard let md = digest.evpMD else {
            return .unverifiable(
                OpenSSLError(operation: "checking the signature", entries: ["this OpenSSL does not provide \(digest.rawValue)"]))
        }
        guard EVP_DigestVerifyInit(context, nil, md, nil, key) == 1 else {
            return .unverifiable(OpenSSLError.drain("preparing a \(digest.rawValue) signature check"))
        }
        let result = signature.withUnsafeBufferPointer { signatureBytes in
            message.withUnsafeBufferPointer { messageBytes in
                EVP_DigestVerify(
                    context, signatureBytes.baseAddress, signatureBytes.count, messageBytes.baseAddress, messageBytes.count)
            }
        }
        if result == 1 { return .valid }
        // 0 and negative results after a successful init are both "this signature is not good for this key and
        // message" (bad padding, wrong length): the algorithm itself was available.
        let error = OpenSSLError.drain("checking the signature")
        return .mismatch(reason: error.entries.first)
    }
}
