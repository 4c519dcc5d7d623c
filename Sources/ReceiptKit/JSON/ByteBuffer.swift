/// The growable byte buffer the JSON writer appends to: one allocation, a count and a capacity, so that a
/// writer reserves room once per key or value (``reserve(_:)``) and then stores its bytes without a check each.
/// `[UInt8]`'s `append` checks uniqueness and capacity on every byte, which was a third of a batch's time.
///
/// A value type: copies share the allocation until one of them writes, which copies it first (copy on write),
/// so a copy never sees another's later bytes. ``removeAll()`` keeps the memory for the next document.
package struct ByteBuffer: Sendable {
    /// The allocation. Its pointer and size never change; growing makes a new one. Shared only by copies of a
    /// buffer, and written only through a buffer that holds the one reference (checked in ``reserve(_:)``).
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }
    }

    private var storage: Storage
    /// The number of bytes written.
    package private(set) var count: Int

    /// An empty buffer with room for `capacity` bytes (at least 16).
    package init(capacity: Int = 4096) {
        storage = Storage(capacity: max(capacity, 16))
        count = 0
    }

    /// The number of bytes the buffer holds before it must grow.
    package var capacity: Int { storage.capacity }

    package var isEmpty: Bool { count == 0 }

    /// Empties the buffer, keeping its memory.
    package mutating func removeAll() { count = 0 }

    // MARK: Writing

    /// Makes room for `extra` more bytes in memory this buffer alone holds, and returns where they go: the
    /// caller stores at most `extra` bytes there and then calls ``advance(by:)`` with the number it stored.
    @inline(__always)
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if _slowPath(extra > storage.capacity &- count || !isKnownUniquelyReferenced(&storage)) { grow(extra) }
        return storage.base + count
    }

    /// Counts `written` bytes stored after a ``reserve(_:)`` of at least that many.
    @inline(__always)
    mutating func advance(by written: Int) {
        assert(written >= 0 && count + written <= storage.capacity, "more bytes written than reserved")
        count &+= written
    }

    /// Moves the bytes to memory of their own with room for `extra` more, at least doubling the capacity so that
    /// a long run of appends costs linear time.
    @inline(never)
    private mutating func grow(_ extra: Int) {
        let needed = count + extra
        let capacity = needed > storage.capacity ? max(needed, 2 * storage.capacity) : storage.capacity
        let fresh = Storage(capacity: capacity)
        fresh.base.update(from: storage.base, count: count)
        storage = fresh
    }

    /// The written bytes, writable in place (for reordering what was written); the buffer keeps its count.
    mutating func withWrittenBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) -> R) -> R {
        let start = reserve(0) - count
        return body(UnsafeMutableBufferPointer(start: start, count: count))
    }

    /// Copies `source` to `target` (which has room for it). Keys, most string values and numbers are short:
    /// up to 32 bytes move as overlapping words (or bytes, below 4) instead of through a call to `memcpy`.
    @inline(__always)
    static func copy(_ source: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) {
        guard let start = source.baseAddress else { return }
        copy(from: UnsafeRawPointer(start), count: source.count, to: UnsafeMutableRawPointer(target))
    }

    @inline(__always)
    static func copy(from source: UnsafeRawPointer, count length: Int, to target: UnsafeMutableRawPointer) {
        switch length {
        case 8...32:
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
            if length > 16 {
                let second = source.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let third = source.loadUnaligned(fromByteOffset: length &- 16, as: UInt64.self)
                target.storeBytes(of: second, toByteOffset: 8, as: UInt64.self)
                target.storeBytes(of: third, toByteOffset: length &- 16, as: UInt64.self)
            }
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: length &- 8, as: UInt64.self)
        case 4..<8:
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: length &- 4, as: UInt32.self)
        case 1..<4:
            for offset in 0..<length {
                target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        default:
            if length > 0 { target.copyMemory(from: source, byteCount: length) }
        }
    }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        count &+= 1
    }

    /// Appends `bytes` with one copy.
    @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        Self.copy(bytes, to: reserve(bytes.count))
        count &+= bytes.count
    }

    /// Appends a fixed ASCII word (`null`, ` Etc/GMT`) as it is.
    @inline(__always)
    package mutating func append(_ word: StaticString) {
        word.withUTF8Buffer { append($0) }
    }

    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        append(bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// Appends any bytes (an array, a slice, a string's UTF-8), copied whole when they are contiguous.
    package mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        let copied: Void? = bytes.withContiguousStorageIfAvailable { append($0) }
        guard copied == nil else { return }
        for byte in bytes { append(byte) }
    }

    // MARK: Reading

    /// The byte at `index` (0 ..< ``count``).
    package subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "byte index out of range")
        return storage.base[index]
    }

    /// Calls `body` with the written bytes (to hand them to `fwrite`), without copying them.
    package func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(storage) { () throws(E) -> R in
            try body(UnsafeRawBufferPointer(start: storage.base, count: count))
        }
    }

    /// The written bytes as an array: a copy, for tests and for the few callers that keep them.
    package var array: [UInt8] { withUnsafeBytes { Array($0) } }
}
