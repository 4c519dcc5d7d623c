import ArgumentParser
import ReceiptKit

/// `--trust-anchor` and `--allow-xcode`: which signers the commands that verify believe.
struct TrustOptions: ParsableArguments {
    @Option(
        name: .customLong("trust-anchor"),
        help: ArgumentHelp(
            "Trust this certificate (PEM, DER or base64) instead of the pinned Apple roots (receipts and StoreKit 2); "
                + "repeatable.", valueName: "file"))
    var trustAnchors: [String] = []

    @Flag(
        name: .customLong("allow-xcode"),
        help: "Trust StoreKit Testing's self-signed signer on data that says Xcode (receipts: the fixed one).")
    var allowXcode = false

    /// The anchors read from their files (an unreadable file exits 66, one that holds no certificate 65), or nil
    /// for the pinned Apple roots.
    func anchors() throws(CLIError) -> [TrustAnchor]? {
        guard !trustAnchors.isEmpty else { return nil }
        var anchors: [TrustAnchor] = []
        for path in trustAnchors {
            let bytes = try FileReader.read(path: path)
            do throws(CertificateLoadError) {
                anchors += try X509Certificate.load(bytes).map { TrustAnchor(certificate: $0, source: path) }
            } catch {
                throw .failure("--trust-anchor \(path): \(error)", .dataError)
            }
        }
        return anchors
    }

    /// A policy with the time and the trust these options give, for commands that verify on the way (subscriptions)
    /// and as the start of a full ``VerificationOptions`` policy.
    func policy(at time: TimeOptions) throws(CLIError) -> VerificationPolicy {
        var policy = VerificationPolicy()
        if let at = try time.time() {
            policy.verificationTime = at.time
            policy.verificationTimeSource = at.source
        }
        if let anchors = try anchors() {
            policy.anchors = anchors
            policy.jwsAnchors = anchors
        }
        // Signed data without a date of its own is checked at the time of the run, as Apple's library does; the
        // report says so. Genuine App Store data always carries signedDate, so only such payloads see the clock.
        policy.currentTime = TimeOptions.now()
        policy.allowXcode = allowXcode
        return policy
    }
}
