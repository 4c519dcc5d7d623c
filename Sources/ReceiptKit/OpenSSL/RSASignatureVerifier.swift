internal import COpenSSL

/// Checks PKCS#1 v1.5 signatures (what receipts use) with a certificate's public key through OpenSSL's EVP API.
package enum RSASignatureVerifier {
    /// Verifies `signature` over `message`, hashed with `digest`, with the public key of `certificate`.
    package static func verify(
        signature: [UInt8], over message: [UInt8], digest: DigestAlgorithm, certificate: X509Certificate
    ) -> SignatureOutcome {
        verify(signature: signature, over: message[...], digest: digest, certificate: certificate)
    }

    /// Verifies `signature` over `message` in place (a receipt's payload inside its container, not copied out).
    package static func verify(
        signature: [UInt8], over message: ArraySlice<UInt8>, digest: DigestAlgorithm, certificate: X509Certificate
    ) -> SignatureOutcome {
        ERR_clear_error()
        guard let key = X509_get0_pubkey(certificate.pointer) else {
            return .unverifiable(OpenSSLError.drain("reading the signer's public key"))
        }
        let result: Int32
        switch DigestVerification.run(
            signature: signature, over: message, digest: digest, key: key, templates: certificate.verifyTemplates,
            operation: "a \(digest.rawValue) signature check")
        {
        case .success(let answer): result = answer
        // A digest that cannot be fetched, or an init failure, means this OpenSSL will not use the algorithm
        // (policy, provider): nothing was checked.
        case .failure(let error): return .unverifiable(error)
        }
        if result == 1 { return .valid }
        // 0 and negative results after a successful init are both "this signature is not good for this key and
        // message" (bad padding, wrong length): the algorithm itself was available.
        let error = OpenSSLError.drain("checking the signature")
        return .mismatch(reason: error.entries.first)
    }
}
