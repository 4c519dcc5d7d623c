/// The PKCS#7 container of an app receipt as `decode` reports it: encoding, algorithms, signers and the
/// embedded certificates with their roles.
package struct ContainerSummary: Sendable {
    package let appReceipt: AppReceipt

    package init(_ appReceipt: AppReceipt) {
        self.appReceipt = appReceipt
    }

    package var container: PKCS7SignedData { appReceipt.container }

    /// `DER`, or `BER (...)` with what is not DER (``ContainerEncoding``); worked out on request, for reports only.
    package var encoding: String { ContainerEncoding(root: container.root).name }

    /// The embedded certificates in container order, each with its role.
    package var certificates: [CertificateEntry] {
        let signing = Set(container.signerInfos.compactMap(appReceipt.certificate(signing:)).map(ObjectIdentifier.init))
        return appReceipt.certificates.enumerated().map { index, certificate in
            CertificateEntry(
                index: index, offset: container.certificates[index].offset, role: Self.role(of: certificate, signers: signing),
                certificate: certificate)
        }
    }

    /// A descriptive role in `verify`'s words: the leaf (the signer's certificate, matched by issuer and serial), a
    /// self-signed root, or an intermediate.
    static func role(of certificate: X509Certificate, signers: Set<ObjectIdentifier>) -> String {
        if signers.contains(ObjectIdentifier(certificate)) {
            return certificate.isSelfSigned ? "leaf (self-signed)" : "leaf"
        }
        return certificate.isSelfSigned ? "root" : (certificate.isCA ? "intermediate" : "other")
    }

    /// `{certificates, content_length, content_type, crls, der_sha256, digest_algorithms, encapsulated_content_type,
    /// encoding, signers, version}`.
    package func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("certificates")
        output.beginArray()
        for entry in certificates { entry.write(to: &output) }
        output.endArray()
        output.key("content_length")
        output.integer(container.content.count)
        output.key("content_type")
        output.literal("signedData")
        output.key("crls")
        output.bool(container.hasCRLs)
        output.key("der_sha256")
        // The receipt's SHA-256, or null if this OpenSSL will not compute SHA-256 (then nothing else would work).
        do {
            output.hexString(try appReceipt.derSHA256())
        } catch {
            output.null()
        }
        output.key("digest_algorithms")
        output.beginArray()
        for algorithm in container.digestAlgorithms { output.string(algorithm.displayName) }
        output.endArray()
        output.key("encapsulated_content_type")
        output.literal("data")
        output.key("encoding")
        output.string(encoding)
        output.key("signers")
        output.beginArray()
        for signer in container.signerInfos { Self.write(signer, to: &output) }
        output.endArray()
        output.key("version")
        output.integer(container.version)
        output.endObject()
    }

    static func write(_ signer: SignerInfo, to output: inout JSONOutput) {
        output.beginObject()
        output.key("digest_algorithm")
        output.string(signer.digestAlgorithm.displayName)
        // An issuer name OpenSSL cannot decode is shown as null with the reason, never as a made-up string.
        do {
            let issuer = try signer.issuerName()
            output.key("issuer")
            output.string(issuer)
        } catch {
            output.key("issuer")
            output.null()
            output.key("issuer_error")
            output.string(error.description)
        }
        output.key("offset")
        output.integer(signer.offset)
        output.key("serial")
        output.string(signer.serialNumberHex)
        output.key("signature_algorithm")
        output.string(signer.signatureAlgorithm.displayName)
        output.key("signature_length")
        output.integer(signer.signature.count)
        output.key("signed_attributes")
        output.bool(signer.signedAttributesDER != nil)
        output.key("unsigned_attributes")
        output.bool(signer.hasUnsignedAttributes)
        output.key("version")
        output.integer(signer.version)
        output.endObject()
    }
}
