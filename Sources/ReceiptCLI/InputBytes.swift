/// Byte-level helpers for the CLI's own sniffing of inputs.
enum InputBytes {
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}
