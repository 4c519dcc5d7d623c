import Foundation
import ReceiptKit
import TestSupport
import Testing

/// The local trust decision on real receipts: Apple-signed ones are valid with no flags, Xcode ones are
/// untrusted unless allowed, iOS 6 signatures verify, and device hashes match the devices known for them.
@Suite(.requires(Corpus.present))
struct SharedVectorVerifyTests {
    static func appleSigned() throws -> [ManifestEntry] {
        try ManifestEntry.table("Apple-signed receipt", { $0.kind == "receipt" && $0.environment != "Xcode" })
    }
    static func xcode() throws -> [ManifestEntry] {
        try ManifestEntry.table("Xcode receipt", { $0.kind == "receipt" && $0.environment == "Xcode" })
    }

    func appReceipt(_ entry: ManifestEntry) throws -> AppReceipt {
        let (_, document) = try ReceiptDecoder.decode(try Fixtures.shared(entry.file))
        guard case .appReceipt(let receipt) = document else { throw Failure("not an app receipt") }
        return receipt
    }

    @Test("Apple-signed receipt is valid with no flags", arguments: try appleSigned())
    func appleSignedIsValid(entry: ManifestEntry) throws {
        let report = ReceiptVerifier(policy: VerificationPolicy()).verify(try appReceipt(entry))
        #expect(report.verdict == .valid, "\(report.checks.filter { $0.status == .fail || $0.status == .error })")
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(report.trustAnchor?.sha256Fingerprint == TrustAnchor.appleIncRoot.sha256Fingerprint)
        #expect(report.verificationTimeSource == .receiptCreationDate)
    }

    @Test("Xcode receipt is untrusted by default and valid with --allow-xcode", arguments: try xcode())
    func xcodeNeedsPermission(entry: ManifestEntry) throws {
        let receipt = try appReceipt(entry)
        let byDefault = ReceiptVerifier(policy: VerificationPolicy()).verify(receipt)
        #expect(byDefault.verdict == .untrusted)
        #expect(byDefault.failedCheckIDs == [CheckID.chainAnchor])
        var policy = VerificationPolicy()
        policy.allowXcode = true
        let allowed = ReceiptVerifier(policy: policy).verify(receipt)
        #expect(allowed.verdict == .valid, "\(allowed.checks.filter { $0.status == .fail })")
    }

    @Test("iOS 6 transaction receipt signature verifies", arguments: try ManifestEntry.transactionReceipts())
    func transactionReceiptSignatureVerifies(entry: ManifestEntry) throws {
        let (input, document) = try ReceiptDecoder.decode(try Fixtures.shared(entry.file))
        #expect(input.kindName == "ios6_transaction_receipt")
        guard case .transactionReceipt(let transaction) = document else { throw Failure("not a transaction receipt") }
        let report = ReceiptVerifier(policy: VerificationPolicy()).verify(transaction)
        #expect(report.checks.first { $0.id == CheckID.signerSignature }?.status == .pass)
        #expect(report.failedCheckIDs.isEmpty, "\(report.failedCheckIDs)")
        // The issuing CA is not embedded: said plainly, not passed off as valid.
        #expect(report.verdict == .unverifiableHere)
    }

    /// Device ids published beside these receipts (receipt-format.md §5).
    static let knownDevices: [(file: String, id: String)] = [
        (
            "tikhop__TPInAppReceipt/receipt_Sandbox_SHA256_dev.bonzer.weeka.app_20251226.b64",
            "956328D9-CC6A-47F4-BE40-6953FB0AB6C7"
        ),
        (
            "IdeasOnCanvas__AppReceiptValidator/receipt_Production_SHA1_com.ideasoncanvas.MindNodeMac_20170904.der",
            "6c:40:08:b5:94:5e"
        ),
        (
            "IdeasOnCanvas__AppReceiptValidator/receipt_Sandbox_SHA1_com.mindnode.mindnodetouch_20170911.b64",
            "3B76A7BD-8F5B-46A4-BCB1-CCE8DBD1B3CD"
        ),
    ]

    @Test func deviceHashMatchesTheKnownDeviceAndNoOther() throws {
        for known in Self.knownDevices {
            let (_, document) = try ReceiptDecoder.decode(try Fixtures.shared(known.file))
            guard case .appReceipt(let receipt) = document else { throw Failure("not an app receipt") }
            for candidate in Self.knownDevices.map(\.id) + ["00000000-0000-0000-0000-000000000000", "6c:40:08:b5:94:5f"] {
                var policy = VerificationPolicy()
                let identifier: DeviceIdentifier = try #require(DeviceIdentifier(candidate))
                policy.deviceID = identifier
                let status = ReceiptVerifier(policy: policy).verify(receipt).checks.first { $0.id == CheckID.deviceHash }?.status
                #expect(status == (candidate == known.id ? .pass : .fail), "\(known.file) with \(candidate)")
            }
        }
    }
}
