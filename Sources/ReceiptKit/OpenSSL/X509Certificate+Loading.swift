extension X509Certificate {
    /// Certificates from a PEM file (every CERTIFICATE block), a DER file, or base64 of DER.
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - cache: Where decoded certificates are kept.
    /// - Returns: The certificates in file order (at least one).
    /// - Throws: `CertificateLoadError` when no certificate decodes.
    public static func load(_ bytes: [UInt8], cache: CertificateCache = .shared) throws(CertificateLoadError) -> [X509Certificate]
    {
        let text = String(decoding: bytes, as: UTF8.self)
        let begin = PEM.boundary("BEGIN CERTIFICATE")
        let end = PEM.boundary("END CERTIFICATE")
        var ders: [[UInt8]] = []
        if text.contains(begin) {
            var rest = Substring(text)
            while let start = rest.firstRange(of: begin) {
                guard let stop = rest[start.upperBound...].firstRange(of: end) else {
                    throw .invalid("a PEM CERTIFICATE block has no END line")
                }
                do throws(LenientBase64.Failure) {
                    ders.append(try LenientBase64.decode(Array(rest[start.upperBound..<stop.lowerBound].utf8)).bytes)
                } catch {
                    throw .invalid("PEM block is not base64: \(error.reason) at offset \(error.offset)")
                }
                rest = rest[stop.upperBound...]
            }
        } else if bytes.first == 0x30 {
            ders.append(bytes)
        } else {
            do throws(LenientBase64.Failure) {
                ders.append(try LenientBase64.decode(bytes).bytes)
            } catch {
                throw .invalid("neither PEM, DER nor base64 (\(error.reason) at offset \(error.offset))")
            }
        }
        guard !ders.isEmpty else { throw .invalid("no certificate found") }
        var certificates: [X509Certificate] = []
        for der in ders {
            do throws(OpenSSLError) {
                certificates.append(try cache.certificate(der: der[...]))
            } catch {
                throw .invalid("\(error)")
            }
        }
        return certificates
    }
}
