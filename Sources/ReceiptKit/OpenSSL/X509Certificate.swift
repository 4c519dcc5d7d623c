internal import COpenSSL

/// A decoded X.509 certificate: the OpenSSL object plus the facts this tool reports, read once at decode time.
///
/// Owns its `X509*` and frees it in `deinit`. Immutable after init, so it is shared freely between threads;
/// ``CertificateCache`` makes sure each distinct certificate is decoded once per process.
public final class X509Certificate: @unchecked Sendable {
    /// The DER encoding the certificate was decoded from.
    public let derBytes: [UInt8]
    public let subject: String
    public let issuer: String
    public let subjectCommonName: String?
    /// Serial number as uppercase hex without separators.
    public let serialNumberHex: String
    public let notBefore: Timestamp
    public let notAfter: Timestamp
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
    /// DER of the issuer Name, compared byte for byte with SignerInfo issuers before any name parsing.
    let issuerDER: [UInt8]

    let pointer: OpaquePointer

    /// Decodes a DER certificate. Prefer ``CertificateCache/certificate(der:)``, which decodes each one once.
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
        pointer = decoded
        derBytes = der
        subject = X509Name.render(X509_get_subject_name(decoded))
        issuer = X509Name.render(X509_get_issuer_name(decoded))
        subjectCommonName = Self.commonName(X509_get_subject_name(decoded))
        serialNumberHex = Self.serialHex(decoded)
        notBefore = Self.timestamp(X509_get0_notBefore(decoded))
        notAfter = Self.timestamp(X509_get0_notAfter(decoded))
        let signatureNID = X509_get_signature_nid(decoded)
        signatureAlgorithm = OBJ_nid2ln(signatureNID).map { String(cString: $0) } ?? "unknown"
        publicKeyDescription = Self.keyDescription(decoded)
        var oids: [String] = []
        for index in 0..<X509_get_ext_count(decoded) {
            if let ext = X509_get_ext(decoded, index), let object = X509_EXTENSION_get_object(ext) {
                oids.append(Self.dotted(object))
            }
        }
        extensionOIDs = oids
        // X509_get_extension_flags caches the parsed extensions first, so the flags below are meaningful.
        let flags = X509_get_extension_flags(decoded)
        isCA = flags & UInt32(EXFLAG_CA) != 0
        let pathLength = X509_get_pathlen(decoded)
        self.pathLength = pathLength >= 0 ? Int(pathLength) : nil
        keyUsage = flags & UInt32(EXFLAG_KUSAGE) != 0 ? X509_get_key_usage(decoded) : nil
        isSelfSigned = flags & UInt32(EXFLAG_SS) != 0
        issuerDER = Self.encoded(X509_get_issuer_name(decoded))
        ERR_clear_error()
    }

    deinit { X509_free(pointer) }

    /// Apple marker OIDs this certificate carries, as dotted strings.
    public var appleMarkerOIDs: [String] {
        extensionOIDs.filter { $0.hasPrefix("1.2.840.113635.100.6.") }
    }

    /// Whether the certificate carries the extension `oid`.
    public func hasExtension(_ oid: ASN1ObjectIdentifier) -> Bool { extensionOIDs.contains(oid.dotted) }

    private static func encoded(_ name: OpaquePointer?) -> [UInt8] {
        guard let name else { return [] }
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        let length = i2d_X509_NAME(name, &buffer)
        guard length > 0, let buffer else { return [] }
        defer { COpenSSL_free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(length)))
    }

    private static func commonName(_ name: OpaquePointer?) -> String? {
        guard let name else { return nil }
        let index = X509_NAME_get_index_by_NID(name, NID_commonName, -1)
        guard index >= 0, let entry = X509_NAME_get_entry(name, index),
            let data = X509_NAME_ENTRY_get_data(entry)
        else { return nil }
        var utf8: UnsafeMutablePointer<UInt8>?
        let length = ASN1_STRING_to_UTF8(&utf8, data)
        guard length >= 0, let utf8 else { return nil }
        defer { COpenSSL_free(utf8) }
        return String(decoding: UnsafeBufferPointer(start: utf8, count: Int(length)), as: UTF8.self)
    }

    private static func serialHex(_ certificate: OpaquePointer) -> String {
        guard let serial = X509_get0_serialNumber(certificate), let bignum = ASN1_INTEGER_to_BN(serial, nil) else {
            return ""
        }
        defer { BN_free(bignum) }
        guard let hex = BN_bn2hex(bignum) else { return "" }
        defer { COpenSSL_free(hex) }
        return String(cString: hex)
    }

    private static func timestamp(_ time: UnsafePointer<ASN1_TIME>?) -> Timestamp {
        var parts = tm()
        guard let time, ASN1_TIME_to_tm(time, &parts) == 1 else { return Timestamp(milliseconds: 0) }
        let days = Timestamp.daysFromCivil(
            year: Int64(parts.tm_year) + 1900, month: Int64(parts.tm_mon) + 1, day: Int64(parts.tm_mday))
        let seconds = days * 86_400 + Int64(parts.tm_hour) * 3600 + Int64(parts.tm_min) * 60 + Int64(parts.tm_sec)
        return Timestamp(milliseconds: seconds * 1000)
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
