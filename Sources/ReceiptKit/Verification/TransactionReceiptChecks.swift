/// What the checks of an iOS 6 transaction receipt read.
struct TransactionReceiptContext {
    let transaction: TransactionReceipt
    let policy: VerificationPolicy
    let time: Timestamp?
    let timeSource: TimeSource
    let linkCache: LinkSignatureCache
    /// A caller's anchor that issued the embedded leaf: the only way to check the chain, since Apple's issuing
    /// CA is not embedded.
    let issuerAnchor: TrustAnchor?

    init(_ transaction: TransactionReceipt, policy: VerificationPolicy, linkCache: LinkSignatureCache) {
        self.transaction = transaction
        self.policy = policy
        self.linkCache = linkCache
        (time, timeSource) = policy.verificationTime(default: transaction.purchaseDate, source: .purchaseDate)
        issuerAnchor = policy.anchors.first { $0.certificate.map(transaction.certificate.isNamedIssued(by:)) ?? false }
    }

    var leaf: X509Certificate { transaction.certificate }

    /// Why the chain cannot be checked without the issuing CA.
    var missingIssuer: Message {
        "only the leaf is embedded and its issuer (\(leaf.issuer)) is not available here; pass it with \(option: .trustAnchor) to check the chain"
    }
}

/// The checks of an iOS 6 transaction receipt (receipt-format.md §6.9), one function each: an RSA SHA-1
/// signature over the version byte and the purchase-info bytes, made by the one embedded certificate. The
/// issuing CA is not embedded, so the chain is checked only when the caller supplies that CA as an anchor;
/// otherwise the report says plainly that the chain could not be checked (verdict unverifiable_here).
enum TransactionReceiptChecks {
    static let table: [@Sendable (TransactionReceiptContext) -> VerificationCheck] = [
        creationDate, signerCount, digestAlgorithm, signerCertificate, signature, chainPath, chainSignatures, chainAnchor,
        leafMarker, intermediateMarker, basicConstraints, keyUsage, validity, bundleID, appVersion, deviceHash,
        environment, expiration,
    ]

    static func creationDate(_ context: TransactionReceiptContext) -> VerificationCheck {
        guard let purchaseDate = context.transaction.purchaseDate else {
            return VerificationCheck(.creationDate, .fail, "purchase-info has no readable purchase-date")
        }
        return VerificationCheck(.creationDate, .pass, "purchase-date is \(purchaseDate)")
    }

    static func signerCount(_ context: TransactionReceiptContext) -> VerificationCheck {
        VerificationCheck(.signerCount, .pass, "one signature (version \(context.transaction.signatureVersion))")
    }

    static func digestAlgorithm(_ context: TransactionReceiptContext) -> VerificationCheck {
        VerificationCheck(.signerDigestAlgorithm, .pass, "sha1, the only digest transaction receipts use")
    }

    static func signerCertificate(_ context: TransactionReceiptContext) -> VerificationCheck {
        VerificationCheck(.signerCertificate, .pass, "embedded: \(context.leaf.displayName)")
    }

    static func signature(_ context: TransactionReceiptContext) -> VerificationCheck {
        let transaction = context.transaction
        return RSASignatureVerifier.verify(
            signature: transaction.signature, over: transaction.signedBytes, digest: .sha1, certificate: context.leaf
        )
        .check(
            .signerSignature, valid: "RSA sha1 signature verifies over the version byte and purchase-info",
            mismatch: { reason in "the signature does not match the purchase-info" + (reason.map { " (OpenSSL: \($0))" } ?? "") },
            unverifiable: { error in "OpenSSL could not check a sha1 signature here: \(error)" })
    }

    static func chainPath(_ context: TransactionReceiptContext) -> VerificationCheck {
        guard let anchor = context.issuerAnchor else { return VerificationCheck(.chainPath, .skip, context.missingIssuer) }
        return VerificationCheck(.chainPath, .pass, "\(context.leaf.displayName) -> \(anchor.name) (trust anchor)")
    }

    static func chainSignatures(_ context: TransactionReceiptContext) -> VerificationCheck {
        guard let anchor = context.issuerAnchor, let issuer = anchor.certificate else {
            return VerificationCheck(.chainSignatures, .skip, context.missingIssuer)
        }
        return context.linkCache.outcome(child: context.leaf, issuer: issuer).check(
            .chainSignatures, valid: "the leaf is signed by the anchor",
            mismatch: { reason in "the leaf is not signed by \(anchor.name)" + (reason.map { " (\($0))" } ?? "") },
            unverifiable: { error in "\(error)" })
    }

    static func chainAnchor(_ context: TransactionReceiptContext) -> VerificationCheck {
        guard let anchor = context.issuerAnchor else {
            return VerificationCheck(
                .chainAnchor, .error, "the chain to Apple's root cannot be checked: " + context.missingIssuer)
        }
        return VerificationCheck(.chainAnchor, .pass, "\(anchor.name), SHA-256 \(anchor.sha256Fingerprint) (\(anchor.source))")
    }

    static func leafMarker(_ context: TransactionReceiptContext) -> VerificationCheck {
        let leaf = context.leaf
        let marker = leaf.hasExtension(.appleITunesStoreReceiptMarker) || leaf.hasExtension(.appleReceiptSigningMarker)
        return VerificationCheck(
            .chainLeafMarker, marker ? .pass : .fail,
            "leaf \(marker ? "carries" : "lacks") an Apple receipt marker (1.2.840.113635.100.6.5.1 or .6.11.1)")
    }

    static func intermediateMarker(_ context: TransactionReceiptContext) -> VerificationCheck {
        VerificationCheck(.chainIntermediateMarker, .skip, "transaction receipts embed no intermediate")
    }

    static func basicConstraints(_ context: TransactionReceiptContext) -> VerificationCheck {
        context.leaf.isCA
            ? VerificationCheck(.chainBasicConstraints, .fail, "the leaf is a CA (CA:TRUE)")
            : VerificationCheck(.chainBasicConstraints, .pass, "leaf is not a CA")
    }

    static func keyUsage(_ context: TransactionReceiptContext) -> VerificationCheck {
        let usageOK = context.leaf.keyUsage.map { $0 & ChainEvaluator.digitalSignature != 0 } ?? true
        return usageOK
            ? VerificationCheck(.chainKeyUsage, .pass, "key usage allows signing")
            : VerificationCheck(.chainKeyUsage, .fail, "leaf key usage lacks digitalSignature")
    }

    static func validity(_ context: TransactionReceiptContext) -> VerificationCheck {
        guard let time = context.time else { return VerificationCheck(.chainValidity, .fail, "no verification time") }
        let period: ClosedRange<Timestamp>
        switch context.leaf.validityPeriod {
        case .success(let readable): period = readable
        case .failure(let problem): return VerificationCheck(.chainValidity, .fail, "\(problem.description)")
        }
        let valid = period.contains(time)
        return VerificationCheck(
            .chainValidity, valid ? .pass : .fail,
            "leaf is valid \(period.lowerBound) .. \(period.upperBound), \(valid ? "including" : "not at") \(time) (\(context.timeSource))"
        )
    }

    static func bundleID(_ context: TransactionReceiptContext) -> VerificationCheck {
        FieldCheck.bundleID(context.policy, label: "bid", actual: context.transaction.purchaseInfo["bid"])
    }

    static func appVersion(_ context: TransactionReceiptContext) -> VerificationCheck {
        FieldCheck.appVersion(context.policy, label: "bvrs", actual: context.transaction.purchaseInfo["bvrs"])
    }

    static func deviceHash(_ context: TransactionReceiptContext) -> VerificationCheck {
        VerificationCheck(.deviceHash, .skip, "transaction receipts carry no device hash")
    }

    static func environment(_ context: TransactionReceiptContext) -> VerificationCheck {
        FieldCheck.environment(context.policy, actual: context.transaction.environment == "Sandbox" ? .sandbox : .production)
    }

    static func expiration(_ context: TransactionReceiptContext) -> VerificationCheck {
        VerificationCheck(.expiration, .skip, "transaction receipts have no receipt expiration")
    }
}
