/// Reads fuzzer bytes as a stream of small decisions, so that one input describes a structured document.
///
/// Running out of bytes is not an error: every read then answers zero, which keeps short inputs meaningful and
/// lets libFuzzer grow an input one decision at a time.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// True once every byte has been read.
    var isExhausted: Bool { index >= bytes.count }

    /// The next byte, or zero past the end.
    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A value in `0..<count` (count must be positive).
    mutating func below(_ count: Int) -> Int { Int(byte()) % count }

    /// One of `choices` (which must not be empty).
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// Eight bytes as a signed 64-bit number, big-endian.
    mutating func int64() -> Int64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return Int64(bitPattern: value)
    }

    /// A short run of bytes (at most `maximum`), length first.
    mutating func run(maximum: Int) -> [UInt8] {
        let count = below(maximum + 1)
        return (0..<count).map { _ in byte() }
    }
}
