/// A bounds-checked reader for the element headers of the receipt payload's SET OF attributes.
///
/// A 187-purchase payload has about 13,000 element headers; reading each with `ASN1_get_object` costs a C call
/// and its bookkeeping per element, more than the rest of the decode together. This reader takes only the plain
/// case: a low tag number (one identifier octet) and a definite length in the short form or in one to four long
/// form octets, which fits before `limit`. It answers nil for everything else (high tag numbers, the indefinite
/// form, longer length fields, anything cut off or past the limit) and the caller then asks OpenSSL through
/// ``ASN1Reader``, so refusals and their messages are OpenSSL's as before. `DERHeaderTests` checks it against
/// `ASN1_get_object` on every element of the vectors and on random and mutated headers.
struct DERHeader {
    /// The identifier octet: class, constructed bit and a tag number below 31.
    let identifierOctet: UInt8
    /// Bytes taken by the identifier and length octets (2 to 6).
    let length: Int
    /// The declared content length; it fits before the limit the header was read with.
    let contentLength: Int

    var identifier: ASN1Identifier {
        let tagClass: ASN1TagClass
        switch identifierOctet >> 6 {
        case 0: tagClass = .universal
        case 1: tagClass = .application
        case 2: tagClass = .contextSpecific
        default: tagClass = .private
        }
        return ASN1Identifier(
            tagClass: tagClass, tagNumber: Int(identifierOctet & 0x1F), isConstructed: identifierOctet & 0x20 != 0)
    }

    /// The header at `offset` when it is the plain case above and its content ends at or before `limit`.
    /// Needs `0 <= offset` and `limit <= bytes.count`; every other input answers nil.
    @inline(__always)
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, limit: Int) -> DERHeader? {
        guard offset >= 0, limit <= bytes.count, offset < limit, limit - offset >= 2 else { return nil }
        let first = bytes[offset]
        guard first & 0x1F != 0x1F else { return nil }
        let lengthOctet = bytes[offset + 1]
        let available = limit - offset - 2
        if lengthOctet < 0x80 {
            let length = Int(lengthOctet)
            guard length <= available else { return nil }
            return DERHeader(identifierOctet: first, length: 2, contentLength: length)
        }
        let count = Int(lengthOctet & 0x7F)
        // OpenSSL wants at least one byte after the long-form length octets, even for a zero length: leave
        // that edge (and 0x80, the indefinite form) to it.
        guard count >= 1, count <= 4, count < available else { return nil }
        var length = 0
        for index in (offset + 2)..<(offset + 2 + count) { length = length << 8 | Int(bytes[index]) }
        guard length <= available - count else { return nil }
        return DERHeader(identifierOctet: first, length: 2 + count, contentLength: length)
    }
}
