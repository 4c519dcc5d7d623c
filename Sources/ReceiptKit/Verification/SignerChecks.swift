/// The checks of an app receipt's creation date and signer, one function each, in RFC 5652 order: cheap
/// structure first, cryptography last.
enum SignerChecks {
    static let table: [@Sendable (AppReceiptContext) -> VerificationCheck] = [
        creationDate, count, digestAlgorithm, certificate, signature,
    ]

    /// Time first: every validity check depends on it.
    static func creationDate(_ context: AppReceiptContext) -> VerificationCheck {
        if let ambiguous = context.ambiguity(.creationDate) { return ambiguous }
        guard let creation = context.receipt.creationDate else {
            return VerificationCheck(.creationDate, .fail, "the receipt has no readable creation date (attribute 12)")
        }
        return VerificationCheck(.creationDate, .pass, "receipt_creation_date is \(creation)")
    }

    static func count(_ context: AppReceiptContext) -> VerificationCheck {
        switch context.appReceipt.container.signerInfos.count {
        case 1: return VerificationCheck(.signerCount, .pass, "exactly one SignerInfo")
        case 0: return VerificationCheck(.signerCount, .fail, "the container has no SignerInfo")
        case let count:
            return VerificationCheck(
                .signerCount, .fail,
                "\(count) SignerInfos; an App Store receipt has exactly one, and only the first is checked below")
        }
    }

    static func digestAlgorithm(_ context: AppReceiptContext) -> VerificationCheck { context.digestCheck }

    /// SHA-1 or SHA-256, listed among the container's digestAlgorithms, and a signature algorithm that agrees;
    /// the digest is nil unless all three hold.
    static func usableDigest(_ signer: SignerInfo, container: PKCS7SignedData) -> (
        digest: DigestAlgorithm?, check: VerificationCheck
    ) {
        guard let digest = signer.digestAlgorithm.digest, digest == .sha1 || digest == .sha256 else {
            return (
                nil,
                VerificationCheck(
                    .signerDigestAlgorithm, .fail,
                    "digest \(signer.digestAlgorithm.displayName) is not one receipts use (sha1 or sha256)")
            )
        }
        guard container.digestAlgorithms.contains(where: { $0.digest == digest }) else {
            return (
                nil,
                VerificationCheck(
                    .signerDigestAlgorithm, .fail,
                    "signer digest \(digest.rawValue) is not listed in the container's digestAlgorithms")
            )
        }
        let signatureAlgorithm = signer.signatureAlgorithm.oid.dotted
        let matching = digest == .sha1 ? "1.2.840.113549.1.1.5" : "1.2.840.113549.1.1.11"
        guard signatureAlgorithm == ASN1ObjectIdentifier.rsaEncryption.dotted || signatureAlgorithm == matching else {
            return (
                nil,
                VerificationCheck(
                    .signerDigestAlgorithm, .fail,
                    "signature algorithm \(signer.signatureAlgorithm.displayName) does not fit digest \(digest.rawValue) with RSA"
                )
            )
        }
        return (
            digest,
            VerificationCheck(.signerDigestAlgorithm, .pass, "\(digest.rawValue) with \(signer.signatureAlgorithm.displayName)")
        )
    }

    /// The signer certificate is found by issuer and serial, never by position.
    static func certificate(_ context: AppReceiptContext) -> VerificationCheck {
        guard let signer = context.signer else { return VerificationCheck(.signerCertificate, .skip, "no SignerInfo") }
        guard let certificate = context.signerCertificate else {
            // Rendered only here: a certificate that matched has an issuer name OpenSSL could decode.
            let issuer: String
            do {
                issuer = try signer.issuerName()
            } catch {
                return VerificationCheck(.signerCertificate, .fail, "the SignerInfo names no usable certificate: \(error)")
            }
            return VerificationCheck(
                .signerCertificate, .fail,
                "no embedded certificate has issuer \(issuer) and serial \(signer.serialNumberHex)")
        }
        return VerificationCheck(
            .signerCertificate, .pass,
            "found by issuer and serial: \(certificate.displayName) (serial \(certificate.serialNumberHex))")
    }

    /// The RSA PKCS#1 v1.5 signature over the content, or over the signed attributes when present (RFC 5652 §5.4).
    static func signature(_ context: AppReceiptContext) -> VerificationCheck {
        guard let signer = context.signer, let certificate = context.signerCertificate, let digest = context.digest else {
            return VerificationCheck(.signerSignature, .skip, "needs a signer certificate and a usable digest algorithm")
        }
        let content = context.appReceipt.container.contentBytes
        var signedBytes = content
        var over = "the receipt payload (\(content.count) bytes; no signed attributes, as Apple signs)"
        if let attributes = signer.signedAttributesDER {
            if case .failure(let problem) = SignedAttributes.check(attributes, content: content, digest: digest) {
                return VerificationCheck(.signerSignature, .fail, "\(problem.description)")
            }
            signedBytes = attributes[...]
            over = "the signed attributes, whose message digest matches the payload"
        }
        return RSASignatureVerifier.verify(
            signature: signer.signature, over: signedBytes, digest: digest, certificate: certificate
        )
        .check(
            .signerSignature, valid: "RSA \(digest.rawValue) signature verifies over \(over)",
            mismatch: { reason in "the signature does not match \(over)" + (reason.map { " (OpenSSL: \($0))" } ?? "") },
            unverifiable: { error in "OpenSSL could not check a \(digest.rawValue) signature here: \(error)" })
    }
}
