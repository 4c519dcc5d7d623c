/// Hex digits of bytes, two per byte, written at a pointer: the one encoder behind `hexString(uppercase:)`
/// (digests, fingerprints, serials) and the JSON writer's hex values and `\u00XX` escapes.
enum HexDigits {
    /// The digit of a nibble (0-15).
    @inline(__always)
    static func digit(_ nibble: UInt8, uppercase: Bool = false) -> UInt8 {
        nibble < 10 ? 0x30 &+ nibble : (uppercase ? 0x37 : 0x57) &+ nibble
    }

    /// Writes `2 * bytes.count` digits at `target`, high nibble first.
    @inline(__always)
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, uppercase: Bool = false) {
        var position = 0
        for byte in bytes {
            target[position] = digit(byte >> 4, uppercase: uppercase)
            target[position &+ 1] = digit(byte & 0x0F, uppercase: uppercase)
            position &+= 2
        }
    }
}
