/// ```
/// AlgorithmIdentifier ::= SEQUENCE {
///     algorithm   OBJECT IDENTIFIER,
///     parameters  ANY DEFINED BY algorithm OPTIONAL }
/// ```
package struct AlgorithmIdentifier: Sendable, Hashable {
    package let oid: ASN1ObjectIdentifier
    /// Encoded parameters (usually NULL, `0500`), or nil when absent.
    package let parametersHex: String?

    init(node: ASN1Node) throws(ASN1Error) {
        try node.expect(.sequence, "AlgorithmIdentifier")
        let parts = try node.leadingChildren(upTo: 2)
        guard let first = parts.first else { throw .missingElement(offset: node.offset, expected: "algorithm OID") }
        oid = try ASN1ObjectIdentifier(node: first)
        guard let second = parts.second else {
            parametersHex = nil
            return
        }
        // NULL, what every receipt's algorithms carry, without building the hex text.
        let parameters = second.encodedBytes
        parametersHex = parameters.elementsEqual([0x05, 0x00]) ? "0500" : parameters.hexString()
    }

    /// The digest this identifier names, when it names one.
    package var digest: DigestAlgorithm? { DigestAlgorithm(oid: oid) }

    /// `sha1`, `sha256`, `rsaEncryption`, `sha256WithRSAEncryption`, or the dotted OID when unnamed.
    package var displayName: String { digest?.rawValue ?? oid.name ?? oid.dotted }
}
