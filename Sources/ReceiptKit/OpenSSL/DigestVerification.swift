internal import COpenSSL

/// OpenSSL's one-shot digest-and-verify (EVP_DigestVerify) with a public key, for the RSA checks (the ES256 check
/// verifies a digest its caller computed once: ``ECDSAVerifyContexts``).
enum DigestVerification {
    /// EVP_DigestVerify's answer (1 good, 0 does not match, negative could not be carried out), or why the check
    /// could not even start: a digest this OpenSSL will not provide (never a silently defaulted one), an
    /// allocation or an init failure. `operation` names the check in those errors and is made only for one.
    static func run(
        signature: [UInt8], over message: ArraySlice<UInt8>, digest: DigestAlgorithm, key: OpaquePointer,
        templates: DigestVerifyTemplates? = nil, operation: @autoclosure () -> String
    ) -> Result<Int32, OpenSSLError> {
        guard let md = digest.evpMD else {
            return .failure(OpenSSLError(operation: operation(), entries: ["this OpenSSL does not provide \(digest.rawValue)"]))
        }
        guard let context = EVP_MD_CTX_new() else { return .failure(OpenSSLError.drain("allocating a digest context")) }
        defer { EVP_MD_CTX_free(context) }
        // A copy of the key's initialised context when there is one (`templates` belong to the key's
        // certificate), else OpenSSL's own initialisation with its errors.
        if templates?.prepare(context, digest: digest, md: md, key: key) != true {
            guard EVP_DigestVerifyInit(context, nil, md, nil, key) == 1 else {
                return .failure(OpenSSLError.drain("preparing \(operation())"))
            }
        }
        let result = signature.withUnsafeBufferPointer { signatureBytes in
            message.withUnsafeBufferPointer { messageBytes in
                EVP_DigestVerify(
                    context, signatureBytes.baseAddress, signatureBytes.count, messageBytes.baseAddress, messageBytes.count)
            }
        }
        return .success(result)
    }
}
