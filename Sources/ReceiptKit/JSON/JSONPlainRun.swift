/// Finds runs of string bytes that JSON text carries as they are, eight bytes at a time: the reader copies such
/// a run without unescaping, the writer without escaping. A receipt's strings are kilobytes of base64, so
/// testing a word at a time instead of a byte at a time is most of both loops' speed.
enum JSONPlainRun {
    /// The end of the run from `start`: the index of the first `"`, `\` or control character (below 0x20, and
    /// DEL when `stopAtDelete`, which the writer escapes so it never reaches a terminal), or the end of `bytes`.
    /// `ascii` is cleared when a byte of the run is 0x80 or above.
    @inline(__always)
    static func end(
        of bytes: UnsafeBufferPointer<UInt8>, from start: Int, stopAtDelete: Bool, ascii: inout Bool
    ) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let count = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = start
        var seen: UInt64 = 0
        while count &- index >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // A byte that is zero after the XOR (or below 0x20) sets its high bit here; bytes of 0x80 and above
            // never do, since `~word` clears their high bit.
            var hits = ((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
            if stopAtDelete {
                let delete = word ^ (ones &* 0x7F)
                hits |= (delete &- ones) & ~delete
            }
            if hits & highs != 0 { break }
            seen |= word
            index &+= 8
        }
        if seen & highs != 0 { ascii = false }
        while index < count {
            let byte = base[index]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C || (stopAtDelete && byte == 0x7F) { return index }
            if byte >= 0x80 { ascii = false }
            index &+= 1
        }
        return count
    }
}
