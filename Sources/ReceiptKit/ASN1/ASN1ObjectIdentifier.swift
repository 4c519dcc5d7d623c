/// An OBJECT IDENTIFIER in dotted form, e.g. `1.2.840.113549.1.7.2`.
package struct ASN1ObjectIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The arcs joined by dots, e.g. `1.2.840.113549.1.7.2`; identifiers compare by this text.
    package let dotted: String

    /// An identifier from its dotted form (not checked: it is only compared with others).
    /// - Parameter dotted: The arcs joined by dots.
    package init(_ dotted: String) { self.dotted = dotted }

    /// Decodes the content octets of an OBJECT IDENTIFIER element (X.690 §8.19).
    package init(node: ASN1Node) throws(ASN1Error) {
        try node.expect(.objectIdentifier)
        if let known = Self.known(node.content) {
            self = known
            return
        }
        var arcs: [UInt64] = []
        var value: UInt64 = 0
        var pending = false
        for byte in node.content {
            guard value >> 57 == 0 else {
                throw .invalidContent(offset: node.offset, reason: "OBJECT IDENTIFIER arc too large")
            }
            value = (value << 7) | UInt64(byte & 0x7F)
            pending = byte & 0x80 != 0
            if !pending {
                if arcs.isEmpty {
                    let first: UInt64 = value < 40 ? 0 : (value < 80 ? 1 : 2)
                    arcs.append(first)
                    arcs.append(value - first * 40)
                } else {
                    arcs.append(value)
                }
                value = 0
            }
        }
        guard !arcs.isEmpty, !pending else {
            throw .invalidContent(offset: node.offset, reason: "truncated OBJECT IDENTIFIER")
        }
        dotted = arcs.map(String.init).joined(separator: ".")
    }

    /// The dotted form, so an identifier prints as it is written in the standards.
    package var description: String { dotted }

    /// The identifiers every receipt container carries, by their content octets: matched whole, they skip
    /// building the dotted text (the same text the general decoding above gives them).
    private static let knownEncodings: [(octets: [UInt8], identifier: ASN1ObjectIdentifier)] = [
        ([0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02], .signedData),
        ([0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01], .data),
        ([0x2B, 0x0E, 0x03, 0x02, 0x1A], .sha1),
        ([0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01], .sha256),
        ([0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01], .rsaEncryption),
        ([0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x05], ASN1ObjectIdentifier("1.2.840.113549.1.1.5")),
        ([0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B], ASN1ObjectIdentifier("1.2.840.113549.1.1.11")),
    ]

    private static func known(_ content: ArraySlice<UInt8>) -> ASN1ObjectIdentifier? {
        for entry in knownEncodings where entry.octets.elementsEqual(content) { return entry.identifier }
        return nil
    }

    package static let signedData = ASN1ObjectIdentifier("1.2.840.113549.1.7.2")
    package static let data = ASN1ObjectIdentifier("1.2.840.113549.1.7.1")
    package static let sha1 = ASN1ObjectIdentifier("1.3.14.3.2.26")
    package static let sha256 = ASN1ObjectIdentifier("2.16.840.1.101.3.4.2.1")
    package static let rsaEncryption = ASN1ObjectIdentifier("1.2.840.113549.1.1.1")
    /// Apple's marker on receipt-signing leaf certificates (Mac App Store and iTunes Store Receipt Signing).
    package static let appleReceiptSigningMarker = ASN1ObjectIdentifier("1.2.840.113635.100.6.11.1")
    /// Apple's marker on WWDR intermediate certificates.
    package static let appleWWDRIntermediateMarker = ASN1ObjectIdentifier("1.2.840.113635.100.6.2.1")
    /// Apple's marker on the iOS 6 "PurchaseReceiptCertificate" leaf.
    package static let appleITunesStoreReceiptMarker = ASN1ObjectIdentifier("1.2.840.113635.100.6.5.1")
}
