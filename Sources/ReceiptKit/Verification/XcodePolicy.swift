/// The Xcode rule, one meaning for receipts and StoreKit 2 alike: StoreKit Testing in Xcode signs with one
/// self-signed certificate (the receipt's is fixed, the JWS one is made per machine), and `--allow-xcode` trusts
/// such a lone self-signed signer only on data that says it was made by Xcode (a receipt's receipt type, a
/// payload's environment). Without the option it is never trusted. Where the signer is known and fixed (every
/// Xcode receipt is signed by the same StoreKit certificate), only that certificate stands: a receipt signed by
/// any other self-signed key is a forgery that merely says Xcode.
struct XcodePolicy: Hashable, Sendable {
    /// The caller's `--allow-xcode`.
    let allowed: Bool
    /// The environment the signed data names (a receipt's receipt type, a payload's `environment`), if any.
    let environment: InputEnvironment?
    /// True for receipts: the signer must be Xcode's fixed receipt certificate (``TrustAnchor/xcodeStoreKit``).
    var requiresFixedReceiptCertificate = false

    /// The signed data says it comes from Xcode.
    var dataSaysXcode: Bool { environment?.isXcode ?? false }

    /// The Xcode shape: the path is one self-signed certificate and nothing else was embedded.
    static func isXcodeShape(path: [X509Certificate], embeddedCount: Int) -> Bool {
        embeddedCount == 1 && path.count == 1 && path[0].isSelfSigned
    }

    /// The anchor a lone self-signed `signer` stands for when trusted: Xcode's fixed receipt certificate by its
    /// pinned name, any other (a per-machine JWS signer) by its own.
    static func anchor(for signer: X509Certificate) -> TrustAnchor {
        signer.sha256Fingerprint == TrustAnchor.xcodeStoreKit.sha256Fingerprint
            ? .xcodeStoreKit : TrustAnchor(certificate: signer, source: "allowed StoreKit Testing signer")
    }

    /// `chain.anchor` for the Xcode shape: the anchor when trusted, else the failing check.
    func anchorCheck(signer: X509Certificate) -> (check: VerificationCheck, anchor: TrustAnchor?) {
        let named = "\(signer.displayName), SHA-256 \(signer.sha256Fingerprint)"
        guard allowed else {
            return (
                VerificationCheck(
                    .chainAnchor, .fail,
                    "signed by a self-signed StoreKit Testing certificate (\(named)), which the App Store never uses; "
                        + "pass \(option: .allowXcode) to trust it"), nil
            )
        }
        guard dataSaysXcode else {
            return (
                VerificationCheck(
                    .chainAnchor, .fail,
                    "\(option: .allowXcode) trusts a self-signed certificate only for data whose environment is Xcode"), nil
            )
        }
        if requiresFixedReceiptCertificate, signer.sha256Fingerprint != TrustAnchor.xcodeStoreKit.sha256Fingerprint {
            return (
                VerificationCheck(
                    .chainAnchor, .fail,
                    "Xcode signs every receipt with its fixed StoreKit certificate (SHA-256 "
                        + "\(TrustAnchor.xcodeStoreKit.sha256Fingerprint)); this receipt's self-signed signer is another "
                        + "(\(named)), so \(option: .allowXcode) does not trust it"), nil
            )
        }
        return (
            VerificationCheck(
                .chainAnchor, .pass,
                "StoreKit Testing certificate \(signer.displayName) (SHA-256 \(signer.sha256Fingerprint)), trusted because of \(option: .allowXcode)"
            ),
            Self.anchor(for: signer)
        )
    }
}
