internal import COpenSSL

/// One OCSP question about one certificate (RFC 6960 §4.1): the CertID made with its issuer (SHA-1 hashes of the
/// issuer's name and key, as `OCSP_cert_to_id` and Apple's library make it), a fresh random nonce, and the DER
/// to send. It is kept until the answer is checked against it (``OCSPAnswer``): the same CertID is looked up in
/// the answer and the same nonce must come back.
final class OCSPQuery {
    let certificate: X509Certificate
    let issuer: X509Certificate
    /// `OCSP_CERTID *`, owned; the request holds a copy of its own.
    let certificateID: OpaquePointer
    /// `OCSP_REQUEST *`, owned.
    let request: OpaquePointer
    /// The request as sent.
    let der: [UInt8]

    init(certificate: X509Certificate, issuer: X509Certificate) throws(OpenSSLError) {
        ERR_clear_error()
        guard let id = OCSP_cert_to_id(nil, certificate.pointer, issuer.pointer) else {
            throw OpenSSLError.drain("making the OCSP CertID")
        }
        guard let request = OCSP_REQUEST_new() else {
            OCSP_CERTID_free(id)
            throw OpenSSLError.drain("making an OCSP request")
        }
        // A class whose init throws before every property is set is not deinitialised: free both here.
        do throws(OpenSSLError) {
            der = try Self.encoded(request, id: id)
        } catch {
            OCSP_CERTID_free(id)
            OCSP_REQUEST_free(request)
            throw error
        }
        self.certificate = certificate
        self.issuer = issuer
        certificateID = id
        self.request = request
    }

    /// Adds a copy of `id` and a nonce to `request` and encodes it.
    private static func encoded(_ request: OpaquePointer, id: OpaquePointer) throws(OpenSSLError) -> [UInt8] {
        // add0 takes the id it is given: hand it a copy and keep ours for OCSP_resp_find_status.
        let copy = OCSP_CERTID_dup(id)
        guard let copy, OCSP_request_add0_id(request, copy) != nil else {
            OCSP_CERTID_free(copy)
            throw OpenSSLError.drain("adding the CertID to the OCSP request")
        }
        // A nonce of OpenSSL's default length (16 random bytes): an answer made for another request cannot pass.
        guard OCSP_request_add1_nonce(request, nil, -1) == 1 else { throw OpenSSLError.drain("adding the OCSP nonce") }
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        let length = i2d_OCSP_REQUEST(request, &buffer)
        guard length > 0, let buffer else { throw OpenSSLError.drain("encoding the OCSP request") }
        defer { COpenSSL_free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(length)))
    }

    deinit {
        OCSP_CERTID_free(certificateID)
        OCSP_REQUEST_free(request)
    }

    /// The OCSP responder URLs of `certificate`'s Authority Information Access extension, in order (none when it
    /// names no responder: then there is nobody to ask, as Apple's library treats it).
    static func responderURLs(of certificate: X509Certificate) -> [String] {
        guard let list = X509_get1_ocsp(certificate.pointer) else {
            ERR_clear_error()
            return []
        }
        defer { X509_email_free(list) }
        return (0..<COpenSSL_sk_OPENSSL_STRING_num(list)).compactMap { index in
            COpenSSL_sk_OPENSSL_STRING_value(list, index).map { String(cString: $0) }
        }
    }
}
