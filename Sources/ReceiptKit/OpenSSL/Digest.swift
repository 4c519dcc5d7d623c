internal import COpenSSL

/// The message digests receipts use, computed with OpenSSL's EVP interface.
public enum DigestAlgorithm: String, Sendable, Hashable, Codable {
    case sha1
    case sha256
    case sha384
    case sha512

    /// The algorithm an AlgorithmIdentifier OID names, or nil when this tool does not know it.
    public init?(oid: ASN1ObjectIdentifier) {
        switch oid.dotted {
        case "1.3.14.3.2.26": self = .sha1
        case "2.16.840.1.101.3.4.2.1": self = .sha256
        case "2.16.840.1.101.3.4.2.2": self = .sha384
        case "2.16.840.1.101.3.4.2.3": self = .sha512
        default: return nil
        }
    }

    /// Hashes `bytes`. Only fails when OpenSSL itself refuses (for example a FIPS policy without SHA-1).
    public func hash(_ bytes: some Collection<UInt8>) throws(OpenSSLError) -> [UInt8] {
        ERR_clear_error()
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var size: UInt32 = 0
        let contiguous = Array(bytes)
        let ok = contiguous.withUnsafeBytes { input in
            output.withUnsafeMutableBufferPointer { out in
                EVP_Digest(input.baseAddress, input.count, out.baseAddress, &size, evpMD, nil)
            }
        }
        guard ok == 1 else { throw OpenSSLError.drain("computing \(rawValue)") }
        return Array(output.prefix(Int(size)))
    }

    var evpMD: OpaquePointer? {
        switch self {
        case .sha1: return EVP_sha1()
        case .sha256: return EVP_sha256()
        case .sha384: return EVP_sha384()
        case .sha512: return EVP_sha512()
        }
    }
}
