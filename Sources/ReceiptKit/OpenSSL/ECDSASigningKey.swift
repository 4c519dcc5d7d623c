internal import COpenSSL

/// An EC P-256 private key that makes JOSE ES256 signatures: the App Store Server API's in-app purchase key
/// (a `.p8` file from App Store Connect, PKCS#8).
///
/// Nothing of the key is ever put into an error or a description: a message says what is wrong with it
/// (not PEM, not PKCS#8, not EC, another curve), never what it holds.
package final class ECDSASigningKey: @unchecked Sendable {
    /// Why a key could not be read or used.
    package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case notPrivateKey(String)
        case wrongKind(String)
        case signing(String)

        package var description: String {
            switch self {
            case .notPrivateKey(let why): return "not a PKCS#8 private key: \(why)"
            case .wrongKind(let what): return "the key is \(what), not the EC P-256 key ES256 needs"
            case .signing(let why): return "signing failed: \(why)"
            }
        }
    }

    private let key: OpaquePointer

    /// Reads a PEM `PRIVATE KEY` (the `.p8` App Store Connect hands out) or raw PKCS#8 DER.
    package init(pkcs8 bytes: [UInt8]) throws(Failure) {
        let der = try Self.der(bytes)
        ERR_clear_error()
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return d2i_AutoPrivateKey(nil, &cursor, buffer.count)
        }
        guard let parsed else {
            ERR_clear_error()
            throw .notPrivateKey("OpenSSL cannot read it as a private key")
        }
        guard EVP_PKEY_get_base_id(parsed) == EVP_PKEY_EC else {
            let kind = EVP_PKEY_get_base_id(parsed) == EVP_PKEY_RSA ? "an RSA key" : "not an EC key"
            EVP_PKEY_free(parsed)
            throw .wrongKind(kind)
        }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        let named = EVP_PKEY_get_group_name(parsed, &name, name.count, &length) == 1
        let curve = String(decoding: name.prefix(min(length, name.count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard named, curve == "prime256v1" else {
            ERR_clear_error()
            EVP_PKEY_free(parsed)
            throw .wrongKind(named ? "an EC key on curve \(curve)" : "an EC key without a named curve")
        }
        key = parsed
    }

    deinit { EVP_PKEY_free(key) }

    /// The PKCS#8 DER inside a PEM `PRIVATE KEY` block, or the bytes themselves when they are DER already.
    private static func der(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        guard bytes.first != 0x30 else { return bytes }
        let text = String(decoding: bytes, as: UTF8.self)
        let begin = PEM.boundary("BEGIN PRIVATE KEY")
        let end = PEM.boundary("END PRIVATE KEY")
        guard let start = text.firstRange(of: begin), let stop = text[start.upperBound...].firstRange(of: end) else {
            if text.contains(PEM.boundary("BEGIN EC PRIVATE KEY")) {
                throw .notPrivateKey("an EC PRIVATE KEY block (SEC 1); convert it with `openssl pkcs8 -topk8 -nocrypt`")
            }
            throw .notPrivateKey("no \(begin) block")
        }
        do throws(LenientBase64.Failure) {
            return try LenientBase64.decode(text[start.upperBound..<stop.lowerBound].utf8).bytes
        } catch {
            throw .notPrivateKey("the PEM body is not base64 (\(error.reason))")
        }
    }

    /// The raw 64-byte `r || s` ES256 signature (RFC 7518 §3.4) over `message`, hashed with SHA-256.
    package func signES256(_ message: [UInt8]) throws(Failure) -> [UInt8] {
        ERR_clear_error()
        guard let context = EVP_MD_CTX_new() else { throw .signing("cannot allocate a digest context") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else {
            ERR_clear_error()
            throw .signing("EVP_DigestSignInit refused the key")
        }
        var length = 0
        let sized = message.withUnsafeBufferPointer { EVP_DigestSign(context, nil, &length, $0.baseAddress, $0.count) }
        var der = [UInt8](repeating: 0, count: max(length, 1))
        let signed = message.withUnsafeBufferPointer { input in
            der.withUnsafeMutableBufferPointer {
                EVP_DigestSign(context, $0.baseAddress, &length, input.baseAddress, input.count)
            }
        }
        guard sized == 1, signed == 1 else {
            ERR_clear_error()
            throw .signing("EVP_DigestSign failed")
        }
        return try Self.raw(der: Array(der.prefix(length)))
    }

    /// `r || s`, 32 bytes each, of a DER `ECDSA-Sig-Value`.
    private static func raw(der: [UInt8]) throws(Failure) -> [UInt8] {
        let signature: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let signature else { throw .signing("OpenSSL wrote a signature it cannot read back") }
        defer { ECDSA_SIG_free(signature) }
        var out = [UInt8](repeating: 0, count: 64)
        let written = out.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return BN_bn2binpad(ECDSA_SIG_get0_r(signature), base, 32) == 32
                && BN_bn2binpad(ECDSA_SIG_get0_s(signature), base + 32, 32) == 32
        }
        guard written else { throw .signing("r or s does not fit 32 bytes") }
        return out
    }
}
