internal import COpenSSL

/// The message digests receipts use, computed with OpenSSL's EVP interface.
package enum DigestAlgorithm: String, Sendable, Hashable, Codable {
    case sha1
    case sha256
    case sha384
    case sha512

    /// The algorithm an AlgorithmIdentifier OID names, or nil when this tool does not know it.
    package init?(oid: ASN1ObjectIdentifier) {
        switch oid.dotted {
        case "1.3.14.3.2.26": self = .sha1
        case "2.16.840.1.101.3.4.2.1": self = .sha256
        case "2.16.840.1.101.3.4.2.2": self = .sha384
        case "2.16.840.1.101.3.4.2.3": self = .sha512
        default: return nil
        }
    }

    /// Hashes `bytes`. Only fails when OpenSSL itself refuses (for example a FIPS policy without SHA-1).
    package func hash(_ bytes: some Collection<UInt8>) throws(OpenSSLError) -> [UInt8] {
        ERR_clear_error()
        guard let md = evpMD else {
            throw OpenSSLError(operation: "computing \(rawValue)", entries: ["this OpenSSL does not provide \(rawValue)"])
        }
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var size: UInt32 = 0
        let digestInPlace = { (input: UnsafeBufferPointer<UInt8>) -> Int32 in
            output.withUnsafeMutableBufferPointer { out in
                EVP_Digest(input.baseAddress, input.count, out.baseAddress, &size, md, nil)
            }
        }
        // Hashed in place when the bytes are contiguous (a payload slice of its container), copied otherwise.
        let ok = bytes.withContiguousStorageIfAvailable(digestInPlace) ?? Array(bytes).withUnsafeBufferPointer(digestInPlace)
        guard ok == 1 else { throw OpenSSLError.drain("computing \(rawValue)") }
        return Array(output.prefix(Int(size)))
    }

    /// The digests of the first `prefixLength` bytes of `bytes` and of all of them, in one pass: the prefix's
    /// state is copied before the rest is added. A JWS's signing input is its token up to the second dot, so
    /// the check's digest and the token's identity cost one hash of the token instead of two.
    package func hash(_ bytes: [UInt8], andPrefix prefixLength: Int) throws(OpenSSLError) -> (prefix: [UInt8], whole: [UInt8]) {
        ERR_clear_error()
        guard let md = evpMD else {
            throw OpenSSLError(operation: "computing \(rawValue)", entries: ["this OpenSSL does not provide \(rawValue)"])
        }
        guard let context = EVP_MD_CTX_new(), let copy = EVP_MD_CTX_new() else {
            throw OpenSSLError.drain("allocating a digest context")
        }
        defer {
            EVP_MD_CTX_free(context)
            EVP_MD_CTX_free(copy)
        }
        let cut = min(max(prefixLength, 0), bytes.count)
        var prefix = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var whole = prefix
        var prefixSize: UInt32 = 0
        var wholeSize: UInt32 = 0
        let ok = bytes.withUnsafeBufferPointer { input in
            EVP_DigestInit_ex(context, md, nil) == 1 && EVP_DigestUpdate(context, input.baseAddress, cut) == 1
                && EVP_MD_CTX_copy_ex(copy, context) == 1 && EVP_DigestFinal_ex(copy, &prefix, &prefixSize) == 1
                && EVP_DigestUpdate(context, input.baseAddress.map { $0 + cut }, input.count - cut) == 1
                && EVP_DigestFinal_ex(context, &whole, &wholeSize) == 1
        }
        guard ok else { throw OpenSSLError.drain("computing \(rawValue)") }
        return (Array(prefix.prefix(Int(prefixSize))), Array(whole.prefix(Int(wholeSize))))
    }

    /// The digest implementation, fetched once per process: OpenSSL 3 otherwise looks it up in its provider
    /// store on every EVP_*Init call, which costs about as much as hashing a receipt. nil when this OpenSSL
    /// refuses the algorithm (a FIPS or crypto policy without SHA-1); callers then report "could not check".
    var evpMD: OpaquePointer? {
        switch self {
        case .sha1: return FetchedDigests.sha1.pointer
        case .sha256: return FetchedDigests.sha256.pointer
        case .sha384: return FetchedDigests.sha384.pointer
        case .sha512: return FetchedDigests.sha512.pointer
        }
    }
}

/// EVP_MD objects fetched once and kept for the life of the process (they are immutable and thread-safe).
private enum FetchedDigests {
    static let sha1 = FetchedDigest("SHA1")
    static let sha256 = FetchedDigest("SHA256")
    static let sha384 = FetchedDigest("SHA384")
    static let sha512 = FetchedDigest("SHA512")
}

/// Owns one fetched EVP_MD; never freed because it lives as long as the process.
private final class FetchedDigest: @unchecked Sendable {
    let pointer: OpaquePointer?

    init(_ name: String) {
        pointer = EVP_MD_fetch(nil, name, nil)
        if pointer == nil { ERR_clear_error() }
    }
}
