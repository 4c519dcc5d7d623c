/// One signer of a PKCS#7 SignedData (RFC 2315 §9.2; RFC 5652 §5.3 for the CMS names).
///
/// ```
/// SignerInfo ::= SEQUENCE {
///     version                    Version,
///     issuerAndSerialNumber      IssuerAndSerialNumber,
///     digestAlgorithm            DigestAlgorithmIdentifier,
///     authenticatedAttributes    [0] IMPLICIT Attributes OPTIONAL,
///     digestEncryptionAlgorithm  DigestEncryptionAlgorithmIdentifier,
///     encryptedDigest            EncryptedDigest,
///     unauthenticatedAttributes  [1] IMPLICIT Attributes OPTIONAL }
/// IssuerAndSerialNumber ::= SEQUENCE { issuer Name, serialNumber CertificateSerialNumber }
/// ```
/// - Note: a CMS `subjectKeyIdentifier` signer ([0] instead of the SEQUENCE) is recorded but cannot be matched
///   to a certificate by issuer and serial; receipts never use it.
package struct SignerInfo: Sendable {
    package let version: Int64
    /// DER of the issuer Name, compared byte for byte with certificates' issuer fields.
    package let issuerDER: [UInt8]
    /// The issuer rendered like certificate names, or why it cannot be; rendered on request, because decoding
    /// a name costs more than the rest of the container and only reports need it.
    package func issuerName() throws(ContainerError) -> String {
        try X509Name.render(der: issuerDER, offset: offset)
    }
    /// The serial number as an INTEGER value, compared with ``X509Certificate/serialNumber``.
    package let serialNumber: SerialNumber
    /// The serial number printed like ``X509Certificate/serialNumberHex``.
    package var serialNumberHex: String { serialNumber.description }
    package let digestAlgorithm: AlgorithmIdentifier
    /// The signed attributes, re-encoded with the SET OF tag as RFC 5652 §5.4 requires for hashing.
    package let signedAttributesDER: [UInt8]?
    package let signatureAlgorithm: AlgorithmIdentifier
    package let signature: [UInt8]
    package let hasUnsignedAttributes: Bool
    /// Where the SignerInfo starts in the input.
    package let offset: Int

    init(node: ASN1Node) throws(ContainerError) {
        do throws(ASN1Error) {
            try node.expect(.sequence, "SignerInfo")
            var fields = node.childReader()
            func next(_ what: String) throws(ASN1Error) -> ASN1Node {
                guard let field = try fields.next() else { throw .missingElement(offset: node.offset, expected: what) }
                return field
            }
            offset = node.offset
            version = try next("version").int64Value()
            let sid = try next("issuerAndSerialNumber")
            try sid.expect(.sequence, "issuerAndSerialNumber")
            let sidParts = try sid.leadingChildren(upTo: 3)
            guard sidParts.count == 2, let issuer = sidParts.first, let serial = sidParts.second else {
                throw ASN1Error.invalidContent(offset: sid.offset, reason: "issuerAndSerialNumber must have 2 elements")
            }
            try issuer.expect(.sequence, "issuer Name")
            issuerDER = Array(issuer.encodedBytes)
            serialNumber = try Self.serial(serial)
            digestAlgorithm = try AlgorithmIdentifier(node: next("digestAlgorithm"))
            var field = try next("digestEncryptionAlgorithm")
            if field.identifier == ASN1Identifier.contextConstructed(0) {
                var reencoded = Array(field.encodedBytes)
                reencoded[0] = 0x31
                signedAttributesDER = reencoded
                field = try next("digestEncryptionAlgorithm")
            } else {
                signedAttributesDER = nil
            }
            signatureAlgorithm = try AlgorithmIdentifier(node: field)
            let signatureNode = try next("encryptedDigest")
            try signatureNode.expect(.octetString, "encryptedDigest")
            signature = Array(signatureNode.content)
            hasUnsignedAttributes = try fields.next() != nil
        } catch {
            throw .asn1(error)
        }
    }

    /// The serial as an INTEGER value; an encoding X.690 forbids (empty, or a redundant leading octet that makes
    /// a negative encoding look like a positive serial once stripped) makes the container malformed.
    static func serial(_ node: ASN1Node) throws(ASN1Error) -> SerialNumber {
        try node.expect(.integer, "serialNumber")
        do {
            return try SerialNumber(contentOctets: node.content)
        } catch {
            throw .invalidContent(offset: node.offset, reason: "serialNumber is \(error.reason)")
        }
    }
}
