import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Parsed JWS protected headers (``ParsedJWSHeader``) by the exact bytes of their segment.
///
/// Every item that one certificate chain signs carries the same header segment, byte for byte: `alg` and the
/// kilobytes of base64 of `x5c`. Decoding that segment from base64url and parsing its JSON took more of each
/// StoreKit 2 item than anything else outside the signature and SHA-256, and typing the header, its checks and
/// looking up its certificates came next. All of that reads nothing but those bytes, and the key is all of
/// them: a segment is found only when memcmp finds every byte equal. A handful of distinct headers meet a
/// process (one per signing chain), so entries are few, searched in order and replaced in turn when full.
package final class JWSHeaderCache: Sendable {
    /// The process's cache, used by the input sniffer and by ``CompactJWS``.
    package static let shared = JWSHeaderCache()

    /// Longer segments are parsed every time and never kept (real headers are about 6 KB).
    package static let maximumSegmentLength = Limits.jwsHeaderSniffLength

    private struct Entry: Sendable {
        let segment: [UInt8]
        let header: ParsedJWSHeader
    }

    private struct Table: Sendable {
        var entries: [Entry] = []
        /// The entry replaced next once the table is full.
        var next = 0
    }

    private let table = Mutex(Table())
    private let capacity: Int
    /// How many times `parse` was called: segments not found in the table (for tests).
    let parses = Atomic<Int>(0)

    package init(capacity: Int = 8) { self.capacity = max(capacity, 1) }

    /// The header `segment`: the one kept for the same bytes, or the JSON `parse` makes of them with what follows
    /// from it (kept when it succeeds). A failure is never kept, so it is reported by `parse` each time.
    package func header<Failure: Error>(
        _ segment: ArraySlice<UInt8>, parse: (ArraySlice<UInt8>) throws(Failure) -> JSONValue
    ) throws(Failure) -> ParsedJWSHeader {
        if let known = table.withLock({ $0.entries.first { Self.same($0.segment, segment) }?.header }) { return known }
        parses.add(1, ordering: .relaxed)
        let header = ParsedJWSHeader(try parse(segment))
        guard segment.count <= Self.maximumSegmentLength else { return header }
        let entry = Entry(segment: Array(segment), header: header)
        table.withLock { table in
            if table.entries.count < capacity {
                table.entries.append(entry)
            } else {
                table.entries[table.next] = entry
                table.next = table.next == capacity - 1 ? 0 : table.next + 1
            }
        }
        return header
    }

    /// Byte for byte the same: the lengths first, then memcmp.
    private static func same(_ kept: [UInt8], _ segment: ArraySlice<UInt8>) -> Bool {
        guard kept.count == segment.count else { return false }
        return kept.withUnsafeBytes { left in
            segment.withUnsafeBytes { right in
                guard let a = left.baseAddress, let b = right.baseAddress else { return left.count == right.count }
                return memcmp(a, b, left.count) == 0
            }
        }
    }
}
