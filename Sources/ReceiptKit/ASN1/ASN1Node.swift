/// One BER/DER element located inside a shared byte buffer.
///
/// Nodes are cheap views: they keep the buffer (copy-on-write, so never copied) and offsets into it.
/// Children are read on demand by ``children()``, so a certificate nobody looks into is never walked.
package struct ASN1Node: Sendable {
    /// The whole buffer this node was read from; offsets are relative to its start.
    package var buffer: [UInt8] { storage.bytes }
    /// The buffer with what reading it has learnt, shared by every node read from it.
    let storage: ASN1Buffer
    package let identifier: ASN1Identifier
    /// Offset of the identifier octet.
    package let offset: Int
    /// Bytes taken by the identifier and length octets.
    package let headerLength: Int
    /// The declared content length, or nil for the indefinite form.
    package let declaredLength: Int?
    /// The content octets (for indefinite lengths: up to, not including, the end-of-contents marker).
    package let contentRange: Range<Int>
    /// One past the last byte of the element, end-of-contents marker included.
    package let endOffset: Int
    /// Nesting depth below the element the reader started at (0 for that element).
    package let depth: Int

    /// The bytes of the whole element, header included.
    package var encodedBytes: ArraySlice<UInt8> { storage.bytes[offset..<endOffset] }

    /// The content octets.
    package var content: ArraySlice<UInt8> { storage.bytes[contentRange] }

    /// Whether the element uses the BER indefinite-length form.
    package var isIndefiniteLength: Bool { declaredLength == nil }

    /// Throws unless the element has `expected` as its tag.
    package func expect(_ expected: ASN1Identifier, _ what: String? = nil) throws(ASN1Error) {
        guard identifier == expected else {
            throw .unexpectedTag(
                offset: offset, expected: what.map { "\($0) (\(expected.name))" } ?? expected.name,
                found: identifier.name)
        }
    }
}
