internal import COpenSSL

extension ASN1ObjectIdentifier {
    /// OpenSSL's long name for the identifier (`sha256`, `pkcs7-signedData`), or nil when it has none.
    public var name: String? {
        let nid = OBJ_txt2nid(dotted)
        guard nid != NID_undef, let name = OBJ_nid2ln(nid) else {
            ERR_clear_error()
            return nil
        }
        return String(cString: name)
    }

    /// OpenSSL's short name (`SHA256`, `RSA-SHA256`, `pkcs7-signedData`), or the dotted form.
    public var shortName: String {
        let nid = OBJ_txt2nid(dotted)
        guard nid != NID_undef, let name = OBJ_nid2sn(nid) else {
            ERR_clear_error()
            return dotted
        }
        return String(cString: name)
    }
}
