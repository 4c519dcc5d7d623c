internal import COpenSSL

extension ASN1ObjectIdentifier {
    /// OpenSSL's long name for the identifier (`sha256`, `pkcs7-signedData`), or nil when it has none.
    package var name: String? { Self.commonNames[dotted] ?? openSSLName }

    /// The long name as OpenSSL's object table has it.
    var openSSLName: String? {
        let nid = OBJ_txt2nid(dotted)
        guard nid != NID_undef, let name = OBJ_nid2ln(nid) else {
            ERR_clear_error()
            return nil
        }
        return String(cString: name)
    }

    /// Names of the identifiers every receipt carries, so the hot path skips OpenSSL's text-to-NID lookup
    /// (the same long names OpenSSL gives them).
    static let commonNames: [String: String] = [
        "1.2.840.113549.1.1.1": "rsaEncryption", "1.2.840.113549.1.1.5": "sha1WithRSAEncryption",
        "1.2.840.113549.1.1.11": "sha256WithRSAEncryption", "1.3.14.3.2.26": "sha1", "2.16.840.1.101.3.4.2.1": "sha256",
        "1.2.840.113549.1.7.1": "pkcs7-data", "1.2.840.113549.1.7.2": "pkcs7-signedData",
    ]
}
