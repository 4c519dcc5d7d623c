/// The PKCS#7 signedData container of an app receipt (RFC 2315 §7 and §9.1), read in BER so Xcode's
/// indefinite-length receipts work, without decoding the embedded certificates (see ``CertificateCache``).
///
/// ```
/// ContentInfo ::= SEQUENCE {
///     contentType  ContentType,
///     content      [0] EXPLICIT ANY DEFINED BY contentType OPTIONAL }
/// SignedData ::= SEQUENCE {
///     version           Version,
///     digestAlgorithms  DigestAlgorithmIdentifiers,
///     contentInfo       ContentInfo,
///     certificates      [0] IMPLICIT ExtendedCertificatesAndCertificates OPTIONAL,
///     crls              [1] IMPLICIT CertificateRevocationLists OPTIONAL,
///     signerInfos       SignerInfos }
/// ```
package struct PKCS7SignedData: Sendable {
    /// One certificate as it sits in the container: where, and its DER bytes.
    package struct EmbeddedCertificate: Sendable {
        package let offset: Int
        package let der: ArraySlice<UInt8>
    }

    /// The outer ContentInfo.
    package let root: ASN1Node
    package let version: Int64
    package let digestAlgorithms: [AlgorithmIdentifier]
    /// The encapsulated content type (always `data` for receipts).
    package let contentType: ASN1ObjectIdentifier
    /// The OCTET STRING holding the receipt payload (constructed in Xcode receipts).
    package let contentNode: ASN1Node
    /// The payload bytes: what the signature covers when there are no signed attributes. A copy made on each
    /// call: ``contentBytes`` reads them in place.
    package var content: [UInt8] { Array(contentBytes) }
    /// The payload bytes, in place in the container for a primitive OCTET STRING (every App Store receipt) and
    /// joined from the chunks of a constructed one (Xcode's BER receipts).
    package let contentBytes: ArraySlice<UInt8>
    package let certificates: [EmbeddedCertificate]
    package let hasCRLs: Bool
    package let signerInfos: [SignerInfo]

    /// Whether any level of the container uses BER indefinite lengths (Xcode receipts do).
    package let usesIndefiniteLengths: Bool

    package init(der: [UInt8]) throws(ContainerError) {
        do {
            root = try ASN1Node(parsing: der)
            let (explicitContent, signedData) = try Self.signedData(in: root)
            // Children are read lazily and only as many as the structure allows, so an element with millions of
            // children is refused at the first one too many, not after reading them all.
            var fields = signedData.childReader()
            func next(_ what: String) throws(ASN1Error) -> ASN1Node {
                guard let field = try fields.next() else { throw .missingElement(offset: signedData.offset, expected: what) }
                return field
            }
            version = try next("version").int64Value()
            digestAlgorithms = try Self.digestAlgorithms(try next("digestAlgorithms"))
            let encapsulated = try next("contentInfo")
            (contentType, contentNode) = try Self.encapsulatedContent(encapsulated)
            contentBytes = contentNode.identifier.isConstructed ? try contentNode.octetStringBytes()[...] : contentNode.content

            var field = try next("signerInfos")
            certificates = try Self.certificates(field)
            if field.identifier == .contextConstructed(0) { field = try next("signerInfos") }
            hasCRLs = field.identifier == .contextConstructed(1)
            if hasCRLs { field = try next("signerInfos") }
            try field.expect(.set, "signerInfos")
            var signers: [SignerInfo] = []
            var signerNodes = field.childReader()
            while let signer = try signerNodes.next() { signers.append(try SignerInfo(node: signer)) }
            signerInfos = signers
            if let extra = try fields.next() {
                throw ASN1Error.invalidContent(offset: extra.offset, reason: "unexpected element after signerInfos")
            }
            usesIndefiniteLengths =
                root.isIndefiniteLength || explicitContent.isIndefiniteLength || signedData.isIndefiniteLength
                || encapsulated.isIndefiniteLength || contentNode.identifier.isConstructed
        } catch let error as ASN1Error {
            throw .asn1(error)
        } catch let error as ContainerError {
            throw error
        } catch {
            // Only the two error types above are thrown in this block.
            throw .asn1(.invalidContent(offset: 0, reason: "\(error)"))
        }
    }

    /// The outer ContentInfo's `[0] EXPLICIT` element and the SignedData SEQUENCE inside it.
    private static func signedData(in root: ASN1Node) throws -> (explicitContent: ASN1Node, signedData: ASN1Node) {
        try root.expect(.sequence, "ContentInfo")
        let info = try root.leadingChildren(upTo: 3)
        guard let typeNode = info.first else {
            throw ASN1Error.missingElement(offset: root.offset, expected: "contentType")
        }
        let outerType = try ASN1ObjectIdentifier(node: typeNode)
        guard outerType == .signedData else {
            throw ContainerError.notSignedData(found: contentTypeName(outerType), offset: typeNode.offset)
        }
        guard info.count == 2, let content = info.second else {
            throw ASN1Error.missingElement(offset: root.offset, expected: "[0] signedData content")
        }
        try content.expect(.contextConstructed(0), "[0] EXPLICIT content")
        let explicit = try content.leadingChildren(upTo: 2)
        guard explicit.count == 1, let signedData = explicit.first else {
            throw ASN1Error.invalidContent(offset: content.offset, reason: "[0] content must hold exactly one element")
        }
        try signedData.expect(.sequence, "SignedData")
        return (content, signedData)
    }

    private static func digestAlgorithms(_ algorithms: ASN1Node) throws(ASN1Error) -> [AlgorithmIdentifier] {
        try algorithms.expect(.set, "digestAlgorithms")
        var result: [AlgorithmIdentifier] = []
        var nodes = algorithms.childReader()
        while let algorithm = try nodes.next() { result.append(try AlgorithmIdentifier(node: algorithm)) }
        return result
    }

    /// The encapsulated contentInfo: type `data` and the OCTET STRING holding the payload (never detached).
    private static func encapsulatedContent(_ encapsulated: ASN1Node) throws -> (ASN1ObjectIdentifier, ASN1Node) {
        try encapsulated.expect(.sequence, "contentInfo")
        let parts = try encapsulated.leadingChildren(upTo: 3)
        guard let typeNode = parts.first else {
            throw ASN1Error.missingElement(offset: encapsulated.offset, expected: "content type")
        }
        let type = try ASN1ObjectIdentifier(node: typeNode)
        guard type == .data else {
            throw ContainerError.unexpectedContentType(found: contentTypeName(type), offset: typeNode.offset)
        }
        guard parts.count == 2, let explicit = parts.second else {
            throw ContainerError.detachedContent(offset: encapsulated.offset)
        }
        try explicit.expect(.contextConstructed(0), "[0] EXPLICIT content")
        let wrapped = try explicit.leadingChildren(upTo: 2)
        guard wrapped.count == 1, let octets = wrapped.first, octets.identifier.tagNumber == 4,
            octets.identifier.tagClass == .universal
        else {
            throw ASN1Error.unexpectedTag(
                offset: wrapped.first?.offset ?? explicit.offset, expected: "OCTET STRING",
                found: wrapped.first?.identifier.name ?? "nothing")
        }
        return (type, octets)
    }

    /// The `[0] IMPLICIT` certificates, when `field` is that element; none otherwise.
    private static func certificates(_ field: ASN1Node) throws(ASN1Error) -> [EmbeddedCertificate] {
        guard field.identifier == .contextConstructed(0) else { return [] }
        var certificates: [EmbeddedCertificate] = []
        var nodes = field.childReader()
        while let certificate = try nodes.next() {
            try certificate.expect(.sequence, "Certificate")
            certificates.append(EmbeddedCertificate(offset: certificate.offset, der: certificate.encodedBytes))
        }
        return certificates
    }

    /// The receipt payload as an element, read in place when the OCTET STRING is primitive (offsets stay absolute).
    package func payloadNode() throws(ASN1Error) -> ASN1Node {
        try contentNode.parseContentAsElement()
    }

    /// PKCS#7 content type names as RFC 2315 spells them.
    static func contentTypeName(_ oid: ASN1ObjectIdentifier) -> String {
        contentTypeNames[oid.dotted] ?? oid.dotted
    }

    static let contentTypeNames = [
        "1.2.840.113549.1.7.1": "data", "1.2.840.113549.1.7.2": "signedData",
        "1.2.840.113549.1.7.3": "envelopedData", "1.2.840.113549.1.7.4": "signedAndEnvelopedData",
        "1.2.840.113549.1.7.5": "digestedData", "1.2.840.113549.1.7.6": "encryptedData",
        "1.2.840.113549.1.9.16.1.2": "authenticatedData",
    ]
}
