import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Decoded certificates keyed by their DER bytes, so each distinct certificate is decoded once per process.
///
/// Every receipt of a period embeds the same three certificates and decoding them costs far more than checking
/// the receipt's signature (design.md §6), so batch throughput depends on this cache. It is bounded: when full it
/// starts over, which keeps hostile input (every record a new certificate) from growing memory without end.
/// Lookups run in parallel; decodes run one at a time (see `decoding`).
public final class CertificateCache: Sendable {
    /// The process-wide cache the decoder and verifier use unless handed another.
    public static let shared = CertificateCache()

    private let entries = Mutex<[CertificateKey: X509Certificate]>([:])
    /// The same certificates by the base64 text they came as (x5c entries): decoding that text always gives the
    /// same DER, so a text seen before skips the base64 decode and the DER lookup. Bounded like ``entries``.
    private let byBase64 = Mutex<[CertificateKey: X509Certificate]>([:])
    private let capacity: Int
    /// Held while a certificate is decoded, so decodes run one at a time. OpenSSL 3.0 decodes the public key
    /// through its provider machinery, which takes process-wide read locks thousands of times per certificate;
    /// two threads doing that at once slowed each other down more than waiting does (`audit --jobs 2` over the
    /// make_batch batch: 30.1 -> 28.8 ms). A thread that waited then finds the certificate it wanted already
    /// decoded, so a certificate is decoded once however many threads meet it first at the same moment.
    private let decoding = Mutex<Void>(())
    /// Certificates decoded so far (for tests).
    let decodes = Atomic<Int>(0)

    /// A cache of its own, for a caller that wants to bound or drop what ``shared`` would keep for the process.
    /// - Parameter capacity: How many certificates it holds before it starts over.
    public init(capacity: Int = 4096) { self.capacity = capacity }

    /// The decoded certificate for `der`, decoding it on first sight.
    package func certificate(der: ArraySlice<UInt8>) throws(OpenSSLError) -> X509Certificate {
        let key = CertificateKey(der)
        if let hit = entries.withLock({ $0[key] }) { return hit }
        return try decoding.withLock { _ throws(OpenSSLError) -> X509Certificate in
            if let hit = entries.withLock({ $0[key] }) { return hit }
            let decoded = try X509Certificate(der: Array(der))
            decodes.add(1, ordering: .relaxed)
            entries.withLock { table in
                if table.count >= capacity { table.removeAll(keepingCapacity: true) }
                table[CertificateKey(decoded.derBytes[...])] = decoded
            }
            return decoded
        }
    }

    /// The certificate an earlier ``remember(base64:_:)`` filed under exactly this text, if any.
    func certificate(base64 text: ArraySlice<UInt8>) -> X509Certificate? {
        let key = CertificateKey(text)
        return byBase64.withLock { $0[key] }
    }

    /// Files `certificate` under `text`, the base64 it was decoded from.
    func remember(base64 text: ArraySlice<UInt8>, _ certificate: X509Certificate) {
        byBase64.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[CertificateKey(text)] = certificate
        }
    }

    /// How many certificates are held now (for tests and benchmarks).
    public var count: Int { entries.withLock { $0.count } }
}

/// A dictionary key over certificate bytes that hashes their tail in one bulk pass and compares them with
/// memcmp; `ArraySlice`'s own Hashable goes byte by byte, which dominated a warm decode.
struct CertificateKey: Hashable, @unchecked Sendable {
    let bytes: ArraySlice<UInt8>
    private let digest: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        // The length and the last 32 bytes (the end of the certificate's own signature, as random as a hash)
        // tell certificates apart; equality below still compares every byte, so a collision costs a comparison,
        // never a wrong answer. Each warm decode hashes three certificates, so the fewer bytes the better.
        var hasher = Hasher()
        hasher.combine(bytes.count)
        bytes.suffix(32).withUnsafeBytes { hasher.combine(bytes: $0) }
        digest = hasher.finalize()
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    static func == (lhs: CertificateKey, rhs: CertificateKey) -> Bool {
        guard lhs.digest == rhs.digest, lhs.bytes.count == rhs.bytes.count else { return false }
        return lhs.bytes.withUnsafeBytes { left in
            rhs.bytes.withUnsafeBytes { right in
                guard let a = left.baseAddress, let b = right.baseAddress else { return left.count == right.count }
                return memcmp(a, b, left.count) == 0
            }
        }
    }
}
