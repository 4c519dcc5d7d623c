internal import COpenSSL

/// Renders X.501 Names one way everywhere: `C=US, O=Apple Inc., CN=Apple Root CA` (encoded order, UTF-8).
enum X509Name {
    /// Renders a DER-encoded Name, as found in a SignerInfo.
    static func render(der: [UInt8], offset: Int) throws(ContainerError) -> String {
        let outcome = withDecoded(der) { name -> Swift.Result<String, OpenSSLError> in
            do throws(OpenSSLError) {
                return .success(try render(name, "a name"))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case nil: throw .invalidName(offset: offset, OpenSSLError.drain("decoding a name"))
        case .success(let text): return text
        case .failure(let error): throw .invalidName(offset: offset, error)
        }
    }

    /// Runs `body` on the decoded name, or returns nil (the error left queued) when the DER is not a Name.
    static func withDecoded<Result>(_ der: [UInt8], _ body: (OpaquePointer) -> Result) -> Result? {
        ERR_clear_error()
        var decoded: OpaquePointer?
        der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            decoded = d2i_X509_NAME(nil, &cursor, buffer.count)
        }
        guard let decoded else { return nil }
        defer { X509_NAME_free(decoded) }
        return body(decoded)
    }

    /// Renders a name OpenSSL already decoded (`what` says which, for the error). A name OpenSSL cannot print
    /// is an error, never an empty string that would read as "no name".
    static func render(_ name: OpaquePointer?, _ what: String) throws(OpenSSLError) -> String {
        guard let name else { throw OpenSSLError(operation: "reading \(what)", entries: ["the certificate has none"]) }
        guard let bio = BIO_new(BIO_s_mem()) else { throw OpenSSLError.drain("allocating a buffer for \(what)") }
        defer { BIO_free(bio) }
        guard X509_NAME_print_ex(bio, name, 0, COpenSSL_nameFlags()) >= 0 else {
            throw OpenSSLError.drain("printing \(what)")
        }
        var data: UnsafeMutablePointer<CChar>?
        let length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &data)
        // An empty Name (a SEQUENCE of no RDNs) prints as nothing; that is its true rendering.
        guard length > 0, let data else { return "" }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
