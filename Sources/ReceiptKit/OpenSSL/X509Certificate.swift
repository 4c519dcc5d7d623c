internal import COpenSSL

/// A decoded X.509 certificate: the OpenSSL object plus the facts this tool reports, read once at decode time.
///
/// Owns its `X509*` and frees it in `deinit`. Immutable after init, so it is shared freely between threads;
/// ``CertificateCache`` makes sure each distinct certificate is decoded once per process.
public final class X509Certificate: @unchecked Sendable {
    /// The DER encoding the certificate was decoded from.
    public let derBytes: [UInt8]
    /// The subject's distinguished name, in OpenSSL's one-line form.
    public let subject: String
    /// The issuer's distinguished name, in OpenSSL's one-line form.
    public let issuer: String
    /// The subject's common name, when it has one.
    public let subjectCommonName: String?
    /// The serial number as an INTEGER value, what a SignerInfo's issuerAndSerialNumber is compared with.
    package let serialNumber: SerialNumber
    /// The serial number as `openssl x509 -serial` prints it: uppercase hex, `-` before a negative one. Printed
    /// once here: the signer check names it for every receipt the certificate signs.
    public let serialNumberHex: String
    /// Start of the validity period; ``CertificateTime/unreadable(text:reason:)`` when it is not an RFC 5280 time.
    package let notBefore: CertificateTime
    package let notAfter: CertificateTime
    /// Long name of the signature algorithm, e.g. `sha256WithRSAEncryption`.
    public let signatureAlgorithm: String
    /// Key type and size, e.g. `RSA 2048`.
    public let publicKeyDescription: String
    /// SHA-256 of ``derBytes`` as uppercase hex, the form Apple's pins use.
    public let sha256Fingerprint: String
    /// Dotted OIDs of every extension present.
    public let extensionOIDs: [String]
    /// True when basicConstraints says CA:TRUE.
    public let isCA: Bool
    /// The basicConstraints path length, or nil when absent.
    public let pathLength: Int?
    /// The keyUsage bits (X509v3_KU_*), or nil when the extension is absent.
    public let keyUsage: UInt32?
    /// True when the subject and issuer names are equal and the certificate signs itself.
    public let isSelfSigned: Bool
    /// Dotted OIDs of the extensions marked critical that OpenSSL does not implement (what sets EXFLAG_CRITICAL):
    /// RFC 5280 §4.2 says a certificate carrying one must be rejected.
    let unhandledCriticalExtensionOIDs: [String]
    /// An extension OpenSSL could not parse (EXFLAG_INVALID), e.g. a keyUsage that is not a BIT STRING.
    let hasMalformedExtension: Bool
    /// DER of the issuer Name, compared byte for byte with SignerInfo issuers before any name parsing.
    let issuerDER: [UInt8]

    let pointer: OpaquePointer
    /// Initialised digest-verify contexts for this certificate's public key (``RSASignatureVerifier``).
    let verifyTemplates = DigestVerifyTemplates()

    /// Decodes a DER certificate. Prefer ``CertificateCache/certificate(der:)``, which decodes each one once.
    /// - Parameter der: The certificate's DER encoding.
    /// - Throws: `OpenSSLError` when OpenSSL cannot decode it.
    public init(der: [UInt8]) throws(OpenSSLError) {
        // Hashed before decoding so a failure cannot leave a decoded X509 without an owner.
        sha256Fingerprint = try DigestAlgorithm.sha256.hash(der).hexString(uppercase: true)
        ERR_clear_error()
        var decoded: OpaquePointer?
        der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            decoded = d2i_X509(nil, &cursor, buffer.count)
        }
        guard let decoded else { throw OpenSSLError.drain("decoding a certificate") }
        // A class whose init throws before every property is set is not deinitialised: free the X509 here.
        do throws(OpenSSLError) {
            subject = try X509Name.render(X509_get_subject_name(decoded), "the subject name")
            issuer = try X509Name.render(X509_get_issuer_name(decoded), "the issuer name")
            subjectCommonName = try Self.commonName(X509_get_subject_name(decoded))
            serialNumber = try Self.serial(decoded)
            issuerDER = try Self.encoded(X509_get_issuer_name(decoded))
        } catch {
            X509_free(decoded)
            throw error
        }
        pointer = decoded
        derBytes = der
        serialNumberHex = serialNumber.description
        notBefore = Self.time(X509_get0_notBefore(decoded), field: "notBefore")
        notAfter = Self.time(X509_get0_notAfter(decoded), field: "notAfter")
        let signatureNID = X509_get_signature_nid(decoded)
        signatureAlgorithm = OBJ_nid2ln(signatureNID).map { String(cString: $0) } ?? "unknown"
        publicKeyDescription = Self.keyDescription(decoded)
        var oids: [String] = []
        var unhandled: [String] = []
        for index in 0..<X509_get_ext_count(decoded) {
            if let ext = X509_get_ext(decoded, index), let object = X509_EXTENSION_get_object(ext) {
                oids.append(Self.dotted(object))
                if X509_EXTENSION_get_critical(ext) != 0, X509_supported_extension(ext) == 0 {
                    unhandled.append(oids[oids.count - 1])
                }
            }
        }
        extensionOIDs = oids
        unhandledCriticalExtensionOIDs = unhandled
        // X509_get_extension_flags caches the parsed extensions first, so the flags below are meaningful.
        let flags = X509_get_extension_flags(decoded)
        isCA = flags & UInt32(EXFLAG_CA) != 0
        let pathLength = X509_get_pathlen(decoded)
        self.pathLength = pathLength >= 0 ? Int(pathLength) : nil
        keyUsage = flags & UInt32(EXFLAG_KUSAGE) != 0 ? X509_get_key_usage(decoded) : nil
        isSelfSigned = flags & UInt32(EXFLAG_SS) != 0
        hasMalformedExtension = flags & UInt32(EXFLAG_INVALID) != 0
        ERR_clear_error()
    }

    deinit { X509_free(pointer) }

    /// Apple marker OIDs this certificate carries, as dotted strings.
    package var appleMarkerOIDs: [String] {
        extensionOIDs.filter { $0.hasPrefix("1.2.840.113635.100.6.") }
    }

    /// Whether the certificate carries the extension `oid`.
    package func hasExtension(_ oid: ASN1ObjectIdentifier) -> Bool { extensionOIDs.contains(oid.dotted) }

    private static func encoded(_ name: OpaquePointer?) throws(OpenSSLError) -> [UInt8] {
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        let length = name.map { i2d_X509_NAME($0, &buffer) } ?? -1
        guard length > 0, let buffer else { throw OpenSSLError.drain("encoding the issuer name") }
        defer { COpenSSL_free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(length)))
    }

    /// The subject's common name, nil when there is none; a common name that cannot be read as UTF-8 is an error,
    /// not "no common name", because the name shown would then be another one.
    private static func commonName(_ name: OpaquePointer?) throws(OpenSSLError) -> String? {
        guard let name else { return nil }
        let index = X509_NAME_get_index_by_NID(name, NID_commonName, -1)
        guard index >= 0 else { return nil }
        var utf8: UnsafeMutablePointer<UInt8>?
        let data = X509_NAME_get_entry(name, index).flatMap { X509_NAME_ENTRY_get_data($0) }
        let length = data.map { ASN1_STRING_to_UTF8(&utf8, $0) } ?? -1
        guard length >= 0, let utf8 else { throw OpenSSLError.drain("reading the subject common name") }
        defer { COpenSSL_free(utf8) }
        return String(decoding: UnsafeBufferPointer(start: utf8, count: Int(length)), as: UTF8.self)
    }

    /// The serial's INTEGER content octets, re-encoded by OpenSSL (whose decoder refuses non-minimal INTEGERs).
    private static func serial(_ certificate: OpaquePointer) throws(OpenSSLError) -> SerialNumber {
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        let length = X509_get0_serialNumber(certificate).map { i2d_ASN1_INTEGER($0, &buffer) } ?? -1
        guard length > 0, let buffer else { throw OpenSSLError.drain("encoding the serial number") }
        defer { COpenSSL_free(buffer) }
        let node: ASN1Node
        do {
            node = try ASN1Node(parsing: Array(UnsafeBufferPointer(start: buffer, count: Int(length))))
        } catch {
            throw OpenSSLError(operation: "reading the serial number", entries: ["\(error)"])
        }
        do {
            return try SerialNumber(contentOctets: node.content)
        } catch {
            throw OpenSSLError(operation: "reading the serial number", entries: [error.reason])
        }
    }

    /// An RFC 5280 §4.1.2.5 time, checked as strictly as OpenSSL's verifier checks it (exact length, digits, `Z`)
    /// and then converted by OpenSSL, which also refuses impossible dates; anything else is unreadable. OCSP
    /// answers' times (RFC 6960 §4.2.2.1) are read the same way.
    static func time(_ time: UnsafePointer<ASN1_TIME>?, field: String) -> CertificateTime {
        guard let time else { return .unreadable(text: "", reason: "the certificate has no \(field)") }
        let text = Array(UnsafeBufferPointer(start: ASN1_STRING_get0_data(time), count: Int(ASN1_STRING_length(time))))
        let written = String(decoding: text, as: UTF8.self)
        let expectedLength: Int
        switch ASN1_STRING_type(time) {
        case V_ASN1_UTCTIME: expectedLength = 13
        case V_ASN1_GENERALIZEDTIME: expectedLength = 15
        default: return .unreadable(text: written, reason: "\(field) is neither a UTCTime nor a GeneralizedTime")
        }
        let isDigit: (UInt8) -> Bool = { (0x30...0x39).contains($0) }
        guard text.count == expectedLength, text.last == UInt8(ascii: "Z"), text.dropLast().allSatisfy(isDigit) else {
            return .unreadable(
                text: written,
                reason: "\(field) \"\(written)\" is not \(expectedLength == 13 ? "YYMMDDHHMMSSZ" : "YYYYMMDDHHMMSSZ") (RFC 5280)")
        }
        var parts = tm()
        guard ASN1_TIME_to_tm(time, &parts) == 1 else {
            ERR_clear_error()
            return .unreadable(text: written, reason: "\(field) \"\(written)\" is not a date that exists")
        }
        let days = Timestamp.daysFromCivil(
            year: Int64(parts.tm_year) + 1900, month: Int64(parts.tm_mon) + 1, day: Int64(parts.tm_mday))
        let seconds = days * 86_400 + Int64(parts.tm_hour) * 3600 + Int64(parts.tm_min) * 60 + Int64(parts.tm_sec)
        return .instant(Timestamp(milliseconds: seconds * 1000))
    }

    private static func keyDescription(_ certificate: OpaquePointer) -> String {
        guard let key = X509_get0_pubkey(certificate) else { return "unknown" }
        let bits = EVP_PKEY_get_bits(key)
        let type = EVP_PKEY_get_base_id(key)
        let name: String
        switch type {
        case EVP_PKEY_RSA: name = "RSA"
        case EVP_PKEY_EC: name = "EC"
        default: name = OBJ_nid2sn(type).map { String(cString: $0) } ?? "key type \(type)"
        }
        return "\(name) \(bits)"
    }

    static func dotted(_ object: OpaquePointer) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer in
            guard let base = buffer.baseAddress else { return "" }
            let written = OBJ_obj2txt(base, Int32(buffer.count), object, 1)
            return written > 0 ? String(cString: base) : ""
        }
    }
}
