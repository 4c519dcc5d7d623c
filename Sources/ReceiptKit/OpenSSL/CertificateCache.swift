import Synchronization

/// Decoded certificates keyed by their DER bytes, so each distinct certificate is decoded once per process.
///
/// Every receipt of a period embeds the same three certificates and decoding them costs far more than checking
/// the receipt's signature (design.md §6), so batch throughput depends on this cache. It is bounded: when full it
/// starts over, which keeps hostile input (every record a new certificate) from growing memory without end.
public final class CertificateCache: Sendable {
    /// The process-wide cache the decoder and verifier use unless handed another.
    public static let shared = CertificateCache()

    private let entries = Mutex<[ArraySlice<UInt8>: X509Certificate]>([:])
    private let capacity: Int

    public init(capacity: Int = 4096) { self.capacity = capacity }

    /// The decoded certificate for `der`, decoding it on first sight.
    public func certificate(der: ArraySlice<UInt8>) throws(OpenSSLError) -> X509Certificate {
        if let hit = entries.withLock({ $0[der] }) { return hit }
        let decoded = try X509Certificate(der: Array(der))
        entries.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[ArraySlice(decoded.derBytes)] = decoded
        }
        return decoded
    }

    /// How many certificates are held now (for tests and benchmarks).
    public var count: Int { entries.withLock { $0.count } }
}
