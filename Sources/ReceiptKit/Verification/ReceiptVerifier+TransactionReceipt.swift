/// Verification of iOS 6 transaction receipts (receipt-format.md §6.9): an RSA SHA-1 signature over the version
/// byte and the purchase-info bytes, made by the one embedded certificate. The issuing CA is not embedded, so
/// the chain is checked only when the user names that CA with --trust-anchor (the anchor must have issued the
/// leaf); otherwise the report says plainly that the chain could not be checked (verdict unverifiable_here).
extension ReceiptVerifier {
    public func verify(_ transaction: TransactionReceipt) -> VerificationReport {
        let leaf = transaction.certificate
        var checks: [VerificationCheck] = []
        let purchaseDate = transaction.purchaseDate
        if let purchaseDate {
            checks.append(VerificationCheck(CheckID.creationDate, .pass, "purchase-date is \(purchaseDate)"))
        } else {
            checks.append(VerificationCheck(CheckID.creationDate, .fail, "purchase-info has no readable purchase-date"))
        }
        let time = policy.verificationTime ?? purchaseDate
        let timeSource = policy.verificationTime == nil ? "purchase-date" : policy.verificationTimeSource
        checks.append(VerificationCheck(CheckID.signerCount, .pass, "one signature (version \(transaction.signatureVersion))"))
        checks.append(VerificationCheck(CheckID.signerDigestAlgorithm, .pass, "sha1, the only digest transaction receipts use"))
        checks.append(VerificationCheck(CheckID.signerCertificate, .pass, "embedded: \(leaf.subjectCommonName ?? leaf.subject)"))
        switch RSASignatureVerifier.verify(
            signature: transaction.signature, over: transaction.signedBytes, digest: .sha1, certificate: leaf)
        {
        case .valid:
            checks.append(
                VerificationCheck(
                    CheckID.signerSignature, .pass, "RSA sha1 signature verifies over the version byte and purchase-info"))
        case .mismatch(let reason):
            checks.append(
                VerificationCheck(
                    CheckID.signerSignature, .fail,
                    "the signature does not match the purchase-info" + (reason.map { " (OpenSSL: \($0))" } ?? "")))
        case .unverifiable(let error):
            checks.append(
                VerificationCheck(CheckID.signerSignature, .error, "OpenSSL could not check a sha1 signature here: \(error)"))
        }

        var anchor: TrustAnchor? = nil
        if let issuerAnchor = policy.anchors.first(where: { $0.certificate.map(leaf.isNamedIssued(by:)) ?? false }),
            let issuer = issuerAnchor.certificate
        {
            anchor = issuerAnchor
            checks.append(
                VerificationCheck(
                    CheckID.chainPath, .pass, "\(leaf.subjectCommonName ?? leaf.subject) -> \(issuerAnchor.name) (trust anchor)"))
            switch linkCache.outcome(child: leaf, issuer: issuer) {
            case .valid: checks.append(VerificationCheck(CheckID.chainSignatures, .pass, "the leaf is signed by the anchor"))
            case .mismatch(let reason):
                checks.append(
                    VerificationCheck(
                        CheckID.chainSignatures, .fail,
                        "the leaf is not signed by \(issuerAnchor.name)" + (reason.map { " (\($0))" } ?? "")))
            case .unverifiable(let error): checks.append(VerificationCheck(CheckID.chainSignatures, .error, "\(error)"))
            }
            checks.append(
                VerificationCheck(
                    CheckID.chainAnchor, .pass,
                    "\(issuerAnchor.name), SHA-256 \(issuerAnchor.sha256Fingerprint) (\(issuerAnchor.source))"))
        } else {
            let reason =
                "only the leaf is embedded and its issuer (\(leaf.issuer)) is not available here; pass it with --trust-anchor to check the chain"
            checks.append(VerificationCheck(CheckID.chainPath, .skip, reason))
            checks.append(VerificationCheck(CheckID.chainSignatures, .skip, reason))
            checks.append(
                VerificationCheck(CheckID.chainAnchor, .error, "the chain to Apple's root cannot be checked: " + reason))
        }
        let marker = leaf.hasExtension(.appleITunesStoreReceiptMarker) || leaf.hasExtension(.appleReceiptSigningMarker)
        checks.append(
            VerificationCheck(
                CheckID.chainLeafMarker, marker ? .pass : .fail,
                "leaf \(marker ? "carries" : "lacks") an Apple receipt marker (1.2.840.113635.100.6.5.1 or .6.11.1)"))
        checks.append(VerificationCheck(CheckID.chainIntermediateMarker, .skip, "transaction receipts embed no intermediate"))
        checks.append(
            VerificationCheck(
                CheckID.chainBasicConstraints, leaf.isCA ? .fail : .pass,
                leaf.isCA ? "the leaf is a CA (CA:TRUE)" : "leaf is not a CA"))
        let usageOK = leaf.keyUsage.map { $0 & ChainEvaluation.digitalSignature != 0 } ?? true
        checks.append(
            VerificationCheck(
                CheckID.chainKeyUsage, usageOK ? .pass : .fail,
                usageOK ? "key usage allows signing" : "leaf key usage lacks digitalSignature"))
        if let time {
            let valid = time >= leaf.notBefore && time <= leaf.notAfter
            checks.append(
                VerificationCheck(
                    CheckID.chainValidity, valid ? .pass : .fail,
                    "leaf is valid \(leaf.notBefore) .. \(leaf.notAfter), \(valid ? "including" : "not at") \(time) (\(timeSource))"
                ))
        } else {
            checks.append(VerificationCheck(CheckID.chainValidity, .fail, "no verification time"))
        }
        let requested = FieldCheck.requested(
            by: policy, bundleID: ("bid", transaction.purchaseInfo["bid"]), version: ("bvrs", transaction.purchaseInfo["bvrs"]),
            environment: transaction.environment == "Sandbox" ? .sandbox : .production)
        checks += [
            requested.bundle, requested.version,
            VerificationCheck(CheckID.deviceHash, .skip, "transaction receipts carry no device hash"), requested.environment,
        ]
        checks.append(VerificationCheck(CheckID.expiration, .skip, "transaction receipts have no receipt expiration"))
        var roles: [(role: String, certificate: X509Certificate)] = [("leaf", leaf)]
        if let issuer = anchor?.certificate { roles.append(("issuer (trust anchor, not embedded)", issuer)) }
        return VerificationReport(
            checks: checks, warnings: [], time: time, timeSource: timeSource, anchor: anchor, certificates: roles)
    }
}
