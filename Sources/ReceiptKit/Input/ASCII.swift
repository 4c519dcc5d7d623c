/// Byte classes the readers share, so every layer agrees on what whitespace is.
package enum ASCII {
    /// Space, tab, line feed, vertical tab, form feed, carriage return: what lenient readers skip.
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// The four characters RFC 8259 allows between JSON tokens (no vertical tab or form feed).
    package static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
