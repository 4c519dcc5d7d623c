/// Readers for the primitive values a receipt and its container use.
extension ASN1Node {
    /// The bytes of an OCTET STRING, joining the chunks of a BER constructed one (X.690 §8.7.3).
    package func octetStringBytes() throws(ASN1Error) -> [UInt8] {
        guard identifier.tagNumber == 4 || identifier.tagClass != .universal else {
            throw .unexpectedTag(offset: offset, expected: "OCTET STRING", found: identifier.name)
        }
        guard identifier.isConstructed else { return Array(content) }
        var joined: [UInt8] = []
        try appendSegments(into: &joined)
        return joined
    }

    /// X.690 §8.7.3.2: each segment of a constructed OCTET STRING is itself an OCTET STRING (primitive, or in BER
    /// constructed again). A segment tagged [0], APPLICATION or PRIVATE is not part of the value, whatever a
    /// lenient joiner (OpenSSL's among them) makes of it, so the bytes it would add are refused, not shown.
    private func appendSegments(into joined: inout [UInt8]) throws(ASN1Error) {
        var segments = childReader()
        while let segment = try segments.next() {
            guard segment.identifier.tagClass == .universal, segment.identifier.tagNumber == 4 else {
                throw .unexpectedTag(
                    offset: segment.offset, expected: "OCTET STRING segment (X.690 §8.7.3.2)", found: segment.identifier.name)
            }
            if segment.identifier.isConstructed {
                try segment.appendSegments(into: &joined)
            } else {
                joined += segment.content
            }
        }
    }

    /// The value of an INTEGER that fits in 64 bits.
    package func int64Value() throws(ASN1Error) -> Int64 {
        try expect(.integer)
        let bytes = content
        guard let first = bytes.first else {
            throw .invalidContent(offset: offset, reason: "INTEGER with no content octets")
        }
        guard bytes.count <= 8 else {
            throw .invalidContent(offset: offset, reason: "INTEGER of \(bytes.count) bytes does not fit in 64 bits")
        }
        var value: Int64 = first & 0x80 != 0 ? -1 : 0
        for byte in bytes { value = (value << 8) | Int64(byte) }
        return value
    }

    /// The text of any ASN.1 string type whose bytes are valid UTF-8 (UTF8String, IA5String, PrintableString ...).
    ///
    /// Returns nil when the element is not a string type or its bytes are not UTF-8.
    package var stringValue: String? {
        guard identifier.tagClass == .universal, !identifier.isConstructed, Self.isStringTag(identifier.tagNumber) else {
            return nil
        }
        return String(validating: content, as: UTF8.self)
    }

    /// UTF8String, NumericString, PrintableString, T61String, IA5String, VisibleString: UTF-8 compatible bytes.
    static func isStringTag(_ number: Int) -> Bool {
        switch number {
        case 12, 18, 19, 20, 22, 26: return true
        default: return false
        }
    }
}

extension Collection where Element == UInt8 {
    /// The bytes as hex digits, two per byte. Written straight into the String's storage: the audit makes two
    /// digests' worth per record, and a digit array, a byte array and a copy each cost more than the digits.
    package func hexString(uppercase: Bool = false) -> String {
        let encode = { (bytes: UnsafeBufferPointer<UInt8>) -> String in
            String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
                guard let target = buffer.baseAddress else { return 0 }
                HexDigits.write(bytes, to: target, uppercase: uppercase)
                return bytes.count * 2
            }
        }
        return withContiguousStorageIfAvailable(encode) ?? Array(self).withUnsafeBufferPointer(encode)
    }
}
