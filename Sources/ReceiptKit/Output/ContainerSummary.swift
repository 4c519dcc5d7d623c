/// The PKCS#7 container of an app receipt as `decode` reports it: encoding, algorithms, signers and the
/// embedded certificates with their roles.
public struct ContainerSummary: Sendable {
    public let appReceipt: AppReceipt

    public init(_ appReceipt: AppReceipt) {
        self.appReceipt = appReceipt
    }

    public var container: PKCS7SignedData { appReceipt.container }

    /// `DER`, or `BER (...)` with what is not DER (``ContainerEncoding``); worked out on request, for reports only.
    public var encoding: String { ContainerEncoding(root: container.root).name }

    /// The embedded certificates in container order, each with its role.
    public var certificates: [CertificateEntry] {
        let signing = Set(container.signerInfos.compactMap(appReceipt.certificate(signing:)).map(ObjectIdentifier.init))
        return appReceipt.certificates.enumerated().map { index, certificate in
            CertificateEntry(
                index: index, offset: container.certificates[index].offset, role: Self.role(of: certificate, signers: signing),
                certificate: certificate)
        }
    }

    /// A descriptive role: the signer (matched by issuer and serial), a self-signed root, or an intermediate.
    static func role(of certificate: X509Certificate, signers: Set<ObjectIdentifier>) -> String {
        if signers.contains(ObjectIdentifier(certificate)) {
            return certificate.isSelfSigned ? "signer (self-signed)" : "signer"
        }
        return certificate.isSelfSigned ? "root" : (certificate.isCA ? "intermediate" : "other")
    }

    public var json: JSONValue {
        .object([
            "content_type": .string("signedData"),
            "version": .integer(container.version),
            "encoding": .string(encoding),
            "digest_algorithms": .array(container.digestAlgorithms.map { .string($0.displayName) }),
            "encapsulated_content_type": .string("data"),
            "content_length": .integer(container.content.count),
            "certificates": .array(certificates.map(\.json)),
            "crls": .bool(container.hasCRLs),
            "signers": .array(container.signerInfos.map(Self.signerJSON)),
            "der_sha256": derSHA256,
        ])
    }

    static func signerJSON(_ signer: SignerInfo) -> JSONValue {
        var object: [String: JSONValue] = [
            "version": .integer(signer.version),
            "serial": .string(signer.serialNumberHex),
            "digest_algorithm": .string(signer.digestAlgorithm.displayName),
            "signature_algorithm": .string(signer.signatureAlgorithm.displayName),
            "signature_length": .integer(signer.signature.count),
            "signed_attributes": .bool(signer.signedAttributesDER != nil),
            "unsigned_attributes": .bool(signer.hasUnsignedAttributes),
            "offset": .integer(signer.offset),
        ]
        // An issuer name OpenSSL cannot decode is shown as null with the reason, never as a made-up string.
        do {
            object["issuer"] = .string(try signer.issuerName())
        } catch {
            object["issuer"] = .null
            object["issuer_error"] = .string(error.description)
        }
        return .object(object)
    }

    /// The receipt's SHA-256, or null if this OpenSSL will not compute SHA-256 (then nothing else would work).
    var derSHA256: JSONValue {
        do {
            return .string(try appReceipt.derSHA256().hexString())
        } catch {
            return .null
        }
    }
}
