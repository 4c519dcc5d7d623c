/// What the checks of an iOS 6 transaction receipt read.
struct TransactionReceiptContext {
    let transaction: TransactionReceipt
    let policy: VerificationPolicy
    let time: Timestamp?
    let timeSource: TimeSource

    init(_ transaction: TransactionReceipt, policy: VerificationPolicy) {
        self.transaction = transaction
        self.policy = policy
        (time, timeSource) = policy.verificationTime(default: transaction.purchaseDate, source: .purchaseDate)
    }

    var leaf: X509Certificate { transaction.certificate }
}

/// The checks of an iOS 6 transaction receipt (receipt-format.md §6.9) outside the chain, one function each: an
/// RSA SHA-1 signature over the version byte and the purchase-info bytes, made by the one embedded certificate,
/// and the requested fields. The chain is the ``ChainEvaluator``'s (``ChainPolicy/transactionReceipt(_:)``): the
/// issuing CA is not embedded, so it is checked only when the caller supplies that CA as an anchor; otherwise the
/// report says plainly that the chain could not be checked (verdict unverifiable_here).
enum TransactionReceiptChecks {
    /// Before the chain checks.
    static let signerTable: [@Sendable (TransactionReceiptContext) -> VerificationCheck] = [
        creationDate, signerCount, digestAlgorithm, signerCertificate, signature,
    ]
    /// After the chain checks.
    static let fieldTable: [@Sendable (TransactionReceiptContext) -> VerificationCheck] = [
        bundleID, appVersion, deviceHash, environment, expiration,
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

    static func bundleID(_ context: TransactionReceiptContext) -> VerificationCheck {
        FieldCheck.bundleID(context.policy, label: "bid", actual: InputFacts(transactionReceipt: context.transaction).bundleID)
    }

    static func appVersion(_ context: TransactionReceiptContext) -> VerificationCheck {
        FieldCheck.appVersion(context.policy, label: "bvrs", actual: context.transaction.purchaseInfo["bvrs"])
    }

    static func deviceHash(_ context: TransactionReceiptContext) -> VerificationCheck {
        VerificationCheck(.deviceHash, .skip, "transaction receipts carry no device hash")
    }

    /// Cannot pass: the environment sits in the unsigned outer plist, which anyone may rewrite (a sandbox
    /// purchase would then pass as a sale). Requested, it is an error, never a pass or a fail on unsigned text.
    static func environment(_ context: TransactionReceiptContext) -> VerificationCheck {
        guard let required = context.policy.environment else {
            return VerificationCheck(.environment, .skip, FieldCheck.notRequested(.environment))
        }
        let claim = context.transaction.environment
        return VerificationCheck(
            .environment, .error,
            "an iOS 6 receipt states its environment (\(claim)) only in the unsigned outer plist, so \(required.rawValue) cannot be checked here; verifyReceipt can tell"
        )
    }

    static func expiration(_ context: TransactionReceiptContext) -> VerificationCheck {
        VerificationCheck(.expiration, .skip, "transaction receipts have no receipt expiration")
    }
}
