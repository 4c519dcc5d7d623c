/// The local trust decision for an app receipt: signature, chain to a pinned anchor at the receipt's creation
/// date, Apple marker OIDs, algorithms and the requested field checks. Every check is reported; the verifier
/// never stops at the first failure and never throws for a receipt it could decode.
public struct ReceiptVerifier: Sendable {
    public let policy: VerificationPolicy
    let linkCache: LinkSignatureCache

    public init(policy: VerificationPolicy, linkCache: LinkSignatureCache = .shared) {
        self.policy = policy
        self.linkCache = linkCache
    }

    public func verify(_ appReceipt: AppReceipt) -> VerificationReport {
        let receipt = appReceipt.receipt
        let container = appReceipt.container
        var checks: [VerificationCheck] = []

        // Time first: every validity check depends on it.
        let creation = receipt.creationDate
        if let creation {
            checks.append(VerificationCheck(CheckID.creationDate, .pass, "receipt_creation_date is \(creation)"))
        } else {
            checks.append(
                VerificationCheck(CheckID.creationDate, .fail, "the receipt has no readable creation date (attribute 12)"))
        }
        let time = policy.verificationTime ?? creation
        let timeSource = policy.verificationTime == nil ? "receipt_creation_date" : policy.verificationTimeSource

        // Cheap structural checks of the signer before any cryptography (RFC 5652 order).
        let signer = container.signerInfos.first
        switch container.signerInfos.count {
        case 1: checks.append(VerificationCheck(CheckID.signerCount, .pass, "exactly one SignerInfo"))
        case 0: checks.append(VerificationCheck(CheckID.signerCount, .fail, "the container has no SignerInfo"))
        case let count:
            checks.append(
                VerificationCheck(
                    CheckID.signerCount, .fail,
                    "\(count) SignerInfos; an App Store receipt has exactly one, and only the first is checked below"))
        }
        let digest = checkDigestAlgorithm(signer, container: container, into: &checks)

        let signerCertificate = signer.flatMap(appReceipt.certificate(signing:))
        switch (signer, signerCertificate) {
        case (nil, _):
            checks.append(VerificationCheck(CheckID.signerCertificate, .skip, "no SignerInfo"))
        case (let info?, nil):
            checks.append(
                VerificationCheck(
                    CheckID.signerCertificate, .fail,
                    "no embedded certificate has issuer \(info.issuer) and serial \(info.serialNumberHex)"))
        case (_, let certificate?):
            checks.append(
                VerificationCheck(
                    CheckID.signerCertificate, .pass,
                    "found by issuer and serial: \(certificate.subjectCommonName ?? certificate.subject) (serial \(certificate.serialNumberHex))"
                ))
        }
        checks.append(signatureCheck(signer: signer, certificate: signerCertificate, digest: digest, content: container.content))

        var anchor: TrustAnchor? = nil
        var roles: [(role: String, certificate: X509Certificate)] = appReceipt.certificates.map {
            ("not on the signing path", $0)
        }
        if let leaf = signerCertificate {
            let path = CertificatePath(leaf: leaf, embedded: appReceipt.certificates, anchors: policy.anchors)
            let evaluation = ChainEvaluation(
                path: path, embeddedCount: appReceipt.certificates.count, policy: policy, time: time,
                timeSource: timeSource, isXcodeReceipt: appReceipt.isXcodeReceipt, linkCache: linkCache)
            checks += evaluation.checks
            anchor = evaluation.anchor
            roles = evaluation.roles(embedded: appReceipt.certificates)
        } else {
            for id in [
                CheckID.chainPath, CheckID.chainSignatures, CheckID.chainAnchor, CheckID.chainLeafMarker,
                CheckID.chainIntermediateMarker, CheckID.chainBasicConstraints, CheckID.chainKeyUsage, CheckID.chainValidity,
            ] {
                checks.append(VerificationCheck(id, .skip, "no signer certificate to start the chain from"))
            }
        }
        checks += fieldChecks(receipt, time: time)
        return VerificationReport(
            checks: checks, warnings: DateSanity.warnings(for: receipt), time: time, timeSource: timeSource,
            anchor: anchor, certificates: roles)
    }

    /// SHA-1 or SHA-256, listed among the container's digestAlgorithms, and a signature algorithm that agrees.
    private func checkDigestAlgorithm(_ signer: SignerInfo?, container: PKCS7SignedData, into checks: inout [VerificationCheck])
        -> DigestAlgorithm?
    {
        guard let signer else {
            checks.append(VerificationCheck(CheckID.signerDigestAlgorithm, .skip, "no SignerInfo"))
            return nil
        }
        guard let digest = signer.digestAlgorithm.digest, digest == .sha1 || digest == .sha256 else {
            checks.append(
                VerificationCheck(
                    CheckID.signerDigestAlgorithm, .fail,
                    "digest \(signer.digestAlgorithm.displayName) is not one receipts use (sha1 or sha256)"))
            return nil
        }
        guard container.digestAlgorithms.contains(where: { $0.digest == digest }) else {
            checks.append(
                VerificationCheck(
                    CheckID.signerDigestAlgorithm, .fail,
                    "signer digest \(digest.rawValue) is not listed in the container's digestAlgorithms"))
            return nil
        }
        let signatureAlgorithm = signer.signatureAlgorithm.oid.dotted
        let matching: [DigestAlgorithm: String] = [.sha1: "1.2.840.113549.1.1.5", .sha256: "1.2.840.113549.1.1.11"]
        guard signatureAlgorithm == ASN1ObjectIdentifier.rsaEncryption.dotted || signatureAlgorithm == matching[digest] else {
            checks.append(
                VerificationCheck(
                    CheckID.signerDigestAlgorithm, .fail,
                    "signature algorithm \(signer.signatureAlgorithm.displayName) does not fit digest \(digest.rawValue) with RSA"
                ))
            return nil
        }
        checks.append(
            VerificationCheck(
                CheckID.signerDigestAlgorithm, .pass, "\(digest.rawValue) with \(signer.signatureAlgorithm.displayName)"))
        return digest
    }

    /// The RSA PKCS#1 v1.5 signature over the content, or over the signed attributes when present (RFC 5652 §5.4).
    private func signatureCheck(signer: SignerInfo?, certificate: X509Certificate?, digest: DigestAlgorithm?, content: [UInt8])
        -> VerificationCheck
    {
        guard let signer, let certificate, let digest else {
            return VerificationCheck(CheckID.signerSignature, .skip, "needs a signer certificate and a usable digest algorithm")
        }
        var signedBytes = content
        var over = "the receipt payload (\(content.count) bytes; no signed attributes, as Apple signs)"
        if let attributes = signer.signedAttributesDER {
            switch SignedAttributes.check(attributes, content: content, digest: digest) {
            case .failure(let problem): return VerificationCheck(CheckID.signerSignature, .fail, problem.description)
            case .success: break
            }
            signedBytes = attributes
            over = "the signed attributes, whose message digest matches the payload"
        }
        switch RSASignatureVerifier.verify(
            signature: signer.signature, over: signedBytes, digest: digest, certificate: certificate)
        {
        case .valid:
            return VerificationCheck(CheckID.signerSignature, .pass, "RSA \(digest.rawValue) signature verifies over \(over)")
        case .mismatch(let reason):
            return VerificationCheck(
                CheckID.signerSignature, .fail,
                "the signature does not match \(over)" + (reason.map { " (OpenSSL: \($0))" } ?? ""))
        case .unverifiable(let error):
            return VerificationCheck(
                CheckID.signerSignature, .error, "OpenSSL could not check a \(digest.rawValue) signature here: \(error)")
        }
    }

    private func fieldChecks(_ receipt: Receipt, time: Timestamp?) -> [VerificationCheck] {
        var checks: [VerificationCheck] = []
        let requested = FieldCheck.requested(
            by: policy, bundleID: ("bundle_id", receipt.bundleID), version: ("application_version", receipt.applicationVersion),
            environment: receipt.environment)
        checks += [
            requested.bundle, requested.version, DeviceHash.check(receipt, deviceID: policy.deviceID), requested.environment,
        ]
        switch (receipt.expirationDate, time) {
        case (nil, _):
            checks.append(VerificationCheck(CheckID.expiration, .pass, "no expiration_date: the receipt does not expire"))
        case (let expires?, nil):
            checks.append(VerificationCheck(CheckID.expiration, .skip, "expiration_date \(expires), but no verification time"))
        case (let expires?, let now?):
            checks.append(
                VerificationCheck(
                    CheckID.expiration, now <= expires ? .pass : .fail,
                    "expiration_date \(expires) is \(now <= expires ? "not yet reached" : "past") at \(now)"))
        }
        return checks
    }
}
