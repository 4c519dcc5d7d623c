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
public struct PKCS7SignedData: Sendable {
    /// One certificate as it sits in the container: where, and its DER bytes.
    public struct EmbeddedCertificate: Sendable {
        public let offset: Int
        public let der: ArraySlice<UInt8>
    }

    /// The outer ContentInfo.
    public let root: ASN1Node
    public let version: Int64
    public let digestAlgorithms: [AlgorithmIdentifier]
    /// The encapsulated content type (always `data` for receipts).
    public let contentType: ASN1ObjectIdentifier
    /// The OCTET STRING holding the receipt payload (constructed in Xcode receipts).
    public let contentNode: ASN1Node
    /// The payload bytes: what the signature covers when there are no signed attributes.
    public let content: [UInt8]
    public let certificates: [EmbeddedCertificate]
    public let hasCRLs: Bool
    public let signerInfos: [SignerInfo]

    /// Whether any level of the container uses BER indefinite lengths (Xcode receipts do).
    public let usesIndefiniteLengths: Bool

    public init(der: [UInt8]) throws(ContainerError) {
        do {
            root = try ASN1Node(parsing: der)
            try root.expect(.sequence, "ContentInfo")
            // Children are read lazily and only as many as the structure allows, so an element with millions
            // of children is refused at the first one too many, not after reading them all.
            let info = try root.children(upTo: 3)
            guard info.count >= 1 else { throw ASN1Error.missingElement(offset: root.offset, expected: "contentType") }
            let outerType = try ASN1ObjectIdentifier(node: info[0])
            guard outerType == .signedData else {
                throw ContainerError.notSignedData(found: Self.contentTypeName(outerType), offset: info[0].offset)
            }
            guard info.count == 2 else {
                throw ASN1Error.missingElement(offset: root.offset, expected: "[0] signedData content")
            }
            try info[1].expect(.contextConstructed(0), "[0] EXPLICIT content")
            let explicit = try info[1].children(upTo: 2)
            guard explicit.count == 1 else {
                throw ASN1Error.invalidContent(offset: info[1].offset, reason: "[0] content must hold exactly one element")
            }
            let signedData = explicit[0]
            try signedData.expect(.sequence, "SignedData")
            var fields = signedData.childReader()
            func next(_ what: String) throws(ASN1Error) -> ASN1Node {
                guard let field = try fields.next() else { throw .missingElement(offset: signedData.offset, expected: what) }
                return field
            }
            version = try next("version").int64Value()
            let algorithms = try next("digestAlgorithms")
            try algorithms.expect(.set, "digestAlgorithms")
            var digestAlgorithms: [AlgorithmIdentifier] = []
            var algorithmNodes = algorithms.childReader()
            while let algorithm = try algorithmNodes.next() { digestAlgorithms.append(try AlgorithmIdentifier(node: algorithm)) }
            self.digestAlgorithms = digestAlgorithms

            let encapsulated = try next("contentInfo")
            try encapsulated.expect(.sequence, "contentInfo")
            let encapsulatedParts = try encapsulated.children(upTo: 3)
            guard let typeNode = encapsulatedParts.first else {
                throw ASN1Error.missingElement(offset: encapsulated.offset, expected: "content type")
            }
            contentType = try ASN1ObjectIdentifier(node: typeNode)
            guard contentType == .data else {
                throw ContainerError.unexpectedContentType(found: Self.contentTypeName(contentType), offset: typeNode.offset)
            }
            guard encapsulatedParts.count == 2 else { throw ContainerError.detachedContent(offset: encapsulated.offset) }
            try encapsulatedParts[1].expect(.contextConstructed(0), "[0] EXPLICIT content")
            let wrapped = try encapsulatedParts[1].children(upTo: 2)
            guard wrapped.count == 1, wrapped[0].identifier.tagNumber == 4, wrapped[0].identifier.tagClass == .universal
            else {
                throw ASN1Error.unexpectedTag(
                    offset: wrapped.first?.offset ?? encapsulatedParts[1].offset, expected: "OCTET STRING",
                    found: wrapped.first?.identifier.name ?? "nothing")
            }
            contentNode = wrapped[0]
            content = try contentNode.octetStringBytes()

            var field = try next("signerInfos")
            var certificates: [EmbeddedCertificate] = []
            if field.identifier == .contextConstructed(0) {
                var certificateNodes = field.childReader()
                while let certificate = try certificateNodes.next() {
                    try certificate.expect(.sequence, "Certificate")
                    certificates.append(EmbeddedCertificate(offset: certificate.offset, der: certificate.encodedBytes))
                }
                field = try next("signerInfos")
            }
            self.certificates = certificates
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
                root.isIndefiniteLength || info[1].isIndefiniteLength || signedData.isIndefiniteLength
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

    /// The receipt payload as an element, read in place when the OCTET STRING is primitive (offsets stay absolute).
    public func payloadNode() throws(ASN1Error) -> ASN1Node {
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
