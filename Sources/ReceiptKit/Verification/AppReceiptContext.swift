/// What the checks of an app receipt read: the receipt, the policy, the verification time, the signer and
/// the digest its algorithm names (nil when the algorithm check failed, so the signature is not tried).
///
/// A class so that handing it to each check function of the tables costs one reference, not a copy of the
/// receipt and policy with every reference inside them.
final class AppReceiptContext {
    let appReceipt: AppReceipt
    let policy: VerificationPolicy
    let time: Timestamp?
    let timeSource: TimeSource
    /// The first SignerInfo; an App Store receipt has exactly one.
    let signer: SignerInfo?
    /// The embedded certificate the signer names by issuer and serial.
    let signerCertificate: X509Certificate?
    let digest: DigestAlgorithm?
    /// The `signer.digest_algorithm` check that decided ``digest``, made once.
    let digestCheck: VerificationCheck
    /// Offsets of the singular attributes that appear more than once (``SingularAttributes``); usually empty.
    let repeatedAttributes: [Int64: [Int]]

    init(_ appReceipt: AppReceipt, policy: VerificationPolicy) {
        self.appReceipt = appReceipt
        self.policy = policy
        (time, timeSource) = policy.verificationTime(default: appReceipt.receipt.creationDate, source: .receiptCreationDate)
        signer = appReceipt.container.signerInfos.first
        signerCertificate = signer.flatMap(appReceipt.certificate(signing:))
        let usable = signer.map { SignerChecks.usableDigest($0, container: appReceipt.container) }
        digest = usable?.digest
        digestCheck = usable?.check ?? VerificationCheck(.signerDigestAlgorithm, .skip, "no SignerInfo")
        repeatedAttributes = SingularAttributes.repeats(in: appReceipt.receipt)
    }

    var receipt: Receipt { appReceipt.receipt }

    /// The failing `id` check when an attribute it reads repeats, else nil.
    func ambiguity(_ id: CheckID) -> VerificationCheck? { SingularAttributes.failure(id, repeats: repeatedAttributes) }
}
