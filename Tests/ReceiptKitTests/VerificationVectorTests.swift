import Foundation
import ReceiptKit
import ReceiptTestSupport
import TestSupport
import Testing

/// Forgeries made with the test PKI are rejected for the right reason, and each has a valid twin.
@Suite struct VerificationVectorTests {
    /// What an attack must do: the checks that fail, those that could not be made, and the verdict.
    struct Outcome: Sendable {
        let failed: Set<CheckID>
        var errors: Set<CheckID> = []
        let verdict: Verdict
    }

    /// The outcome of each attack, derived from how each attack was built (TestVectors/README.md), not from
    /// running the verifier.
    static let expectedOutcomes: [String: Outcome] = [
        "tampered-payload-byte": Outcome(failed: [.signerSignature], verdict: .invalid),
        "tampered-signature": Outcome(failed: [.signerSignature], verdict: .invalid),
        // Everything verifies except that the root is not the pinned one: untrusted, not invalid.
        "self-made-root": Outcome(failed: [.chainAnchor], verdict: .untrusted),
        // The developer certificate in the intermediate's place is not a CA, has no marker, cannot sign
        // certificates, and lengthens the path to four.
        "chain-shift": Outcome(
            failed: [.chainPath, .chainIntermediateMarker, .chainBasicConstraints, .chainKeyUsage], verdict: .invalid),
        "leaf-without-oid": Outcome(failed: [.chainLeafMarker], verdict: .invalid),
        "intermediate-without-oid": Outcome(failed: [.chainIntermediateMarker], verdict: .invalid),
        "leaf-expired-at-creation": Outcome(failed: [.chainValidity], verdict: .invalid),
        "created-before-leaf": Outcome(failed: [.chainValidity], verdict: .invalid),
        "signer-not-among-certificates": Outcome(failed: [.signerCertificate], verdict: .invalid),
        // The second signer's certificate is embedded but not on the first signer's path.
        "two-signers": Outcome(failed: [.signerCount, .chainPath], verdict: .invalid),
        "leaf-is-ca": Outcome(failed: [.chainBasicConstraints], verdict: .invalid),
        // Leaf and root only: no path to the anchor and no intermediate to carry the marker.
        "missing-intermediate": Outcome(failed: [.chainPath, .chainAnchor, .chainIntermediateMarker], verdict: .invalid),
        "extra-certificate": Outcome(failed: [.chainPath], verdict: .invalid),
        // Issue 8: the INTEGER 80 01 is -32767, not the leaf copy's 0x8001, so no certificate is the signer.
        "signer-serial-negative-encoding": Outcome(failed: [.signerCertificate], verdict: .invalid),
        // An unreadable notBefore is not 1970: the receipt, made before its leaf existed, fails validity.
        "leaf-notbefore-unreadable": Outcome(failed: [.chainValidity], verdict: .invalid),
        // X509_verify < 0 (a BIT STRING with unused bits) is "could not check", not "does not match".
        "leaf-signature-bits-left": Outcome(failed: [], errors: [.chainSignatures], verdict: .unverifiableHere),
        // Issue 20, RFC 5280 §4.2: a critical extension nobody implements, on the leaf or on the intermediate,
        // is refused by OpenSSL's verifier (its EXFLAG_CRITICAL) and fails the extension rules.
        "leaf-unknown-critical-extension": Outcome(failed: [.chainBasicConstraints], verdict: .invalid),
        "intermediate-unknown-critical-extension": Outcome(failed: [.chainBasicConstraints], verdict: .invalid),
        // A keyUsage that is a NULL, not a BIT STRING: OpenSSL cannot parse the leaf (EXFLAG_INVALID), so its
        // verifier also finds no issuer for it and the anchor, though pinned, is not reached.
        "leaf-malformed-extension": Outcome(failed: [.chainBasicConstraints, .chainAnchor], verdict: .invalid),
        // The second copy of the intermediate is on no path.
        "duplicate-certificate": Outcome(failed: [.chainPath], verdict: .invalid),
        // A repeated attribute fails every check that reads it, requested or not.
        "repeated-bundle-id": Outcome(failed: [.bundleID, .deviceHash], verdict: .invalid),
        "repeated-singular-attributes": Outcome(
            failed: [.creationDate, .appVersion, .deviceHash, .environment, .expiration], verdict: .invalid),
        "expiration-not-a-date": Outcome(failed: [.expiration], verdict: .invalid),
        "expiration-integer": Outcome(failed: [.expiration], verdict: .invalid),
        // RFC 5652 §11.1/§11.2: one single-valued content-type and message-digest (an OCTET STRING) each.
        "signed-attributes-two-message-digests": Outcome(failed: [.signerSignature], verdict: .invalid),
        "signed-attributes-two-digest-values": Outcome(failed: [.signerSignature], verdict: .invalid),
        "signed-attributes-digest-not-octet-string": Outcome(failed: [.signerSignature], verdict: .invalid),
        "signed-attributes-two-content-types": Outcome(failed: [.signerSignature], verdict: .invalid),
    ]

    static func attacks() throws -> [VectorExpectation] { try VectorExpectation.of(kind: "attack") }

    @Test("attack fails exactly its checks", arguments: try attacks())
    func attackFailsExactlyItsChecks(expected: VectorExpectation) throws {
        let attack = try #require(expected.string("attack"))
        let outcome = try #require(Self.expectedOutcomes[attack], "no expectation for \(attack)")
        let report = ReceiptVerifier(policy: try testPolicy()).verify(try appReceipt(expected.file))
        #expect(Set(report.failedCheckIDs) == outcome.failed)
        #expect(Set(report.checks.filter { $0.status == .error }.map(\.id)) == outcome.errors)
        #expect(report.verdict == outcome.verdict)
        // The twin, made the same way without the flaw, passes every check.
        let twin = ReceiptVerifier(policy: try testPolicy()).verify(try appReceipt(try #require(expected.string("twin"))))
        #expect(twin.verdict == .valid)
        #expect(twin.failedCheckIDs.isEmpty)
    }

    /// The table above and the vectors agree both ways: no attack without an outcome (the test above), and no
    /// outcome whose vector is gone.
    @Test func everyExpectedOutcomeHasItsVector() throws {
        let names = Set(try Self.attacks().compactMap { $0.string("attack") })
        #expect(
            Set(Self.expectedOutcomes.keys).subtracting(names).isEmpty, "\(Set(Self.expectedOutcomes.keys).subtracting(names))")
    }

    @Test(
        "good vector is valid against the test root",
        arguments: try VectorExpectation.of(kind: "receipt", where: { $0.string("trust_anchor") == "pki/root.pem" }))
    func goodVectorIsValid(expected: VectorExpectation) throws {
        let report = ReceiptVerifier(policy: try testPolicy()).verify(try appReceipt(expected.file))
        #expect(report.verdict == .valid, "\(report.checks.filter { $0.status != .pass && $0.status != .skip })")
        #expect(report.warnings.isEmpty)
        #expect(report.trustAnchor?.source == "pki/root.pem")
        // Roles in container order, from the certificates the vector was made with: the signer is the leaf.
        let signers = expected["signers"] as? [String] ?? []
        let roles = try #require(expected["certificates"] as? [String]).map { file in
            signers.contains(file) ? "leaf" : (file == "pki/root.pem" ? "root" : "intermediate")
        }
        #expect(report.certificates.map(\.role) == roles)
        // Every check is reported, not just the first failure or success.
        #expect(report.checks.map(\.id) == Self.allCheckIDs)
    }

    static let allCheckIDs = [
        CheckID.creationDate, CheckID.signerCount, CheckID.signerDigestAlgorithm, CheckID.signerCertificate,
        CheckID.signerSignature, CheckID.chainPath, CheckID.chainSignatures, CheckID.chainAnchor, CheckID.chainLeafMarker,
        CheckID.chainIntermediateMarker, CheckID.chainBasicConstraints, CheckID.chainKeyUsage, CheckID.chainValidity,
        CheckID.bundleID, CheckID.appVersion, CheckID.deviceHash, CheckID.environment, CheckID.expiration,
    ]

    @Test func testPKIReceiptIsUntrustedUnderApplesPinnedRoot() throws {
        let report = ReceiptVerifier(policy: VerificationPolicy()).verify(try appReceipt("receipts/one-inapp.der"))
        #expect(report.failedCheckIDs == [CheckID.chainAnchor])
        #expect(report.verdict == .untrusted)
    }

    @Test func xcodeLikeReceiptIsTrustedOnlyThroughItsOwnCertificate() throws {
        let receipt = try appReceipt("receipts/xcode-like.der")
        #expect(receipt.isXcodeReceipt)
        #expect(ReceiptVerifier(policy: try testPolicy()).verify(receipt).verdict == .untrusted)
        // --allow-xcode trusts only the fixed certificate Xcode signs receipts with, not any self-signed key.
        var allowing = try testPolicy()
        allowing.allowXcode = true
        let allowed = ReceiptVerifier(policy: allowing).verify(receipt)
        #expect(allowed.verdict == .untrusted)
        #expect("\(allowed.checks.first { $0.id == CheckID.chainAnchor }?.detail ?? "")".contains("fixed StoreKit certificate"))
        let anchored = ReceiptVerifier(policy: try testPolicy(anchor: "pki/storekit.pem")).verify(receipt)
        #expect(anchored.verdict == .valid, "\(anchored.failedCheckIDs)")
        #expect(anchored.checks.first { $0.id == CheckID.chainLeafMarker }?.status == .skip)
    }

    @Test func verificationTimeDefaultsToCreationDateAndCanBeOverridden() throws {
        let receipt = try appReceipt("receipts/one-inapp.der")
        let atCreation = ReceiptVerifier(policy: try testPolicy()).verify(receipt)
        #expect(atCreation.verificationTime == receipt.receipt.creationDate)
        #expect(atCreation.verificationTimeSource == .receiptCreationDate)
        var policy = try testPolicy()
        // After the test leaf's not_after (2027-01-01): the same receipt no longer verifies at that time.
        policy.verificationTime = try ReceiptDateParser.parse("2030-01-01T00:00:00Z")
        let later = ReceiptVerifier(policy: policy).verify(receipt)
        #expect(later.failedCheckIDs == [CheckID.chainValidity])
        #expect(later.verificationTimeSource == .given)
    }

    @Test func fieldChecksPassAndFailOnRequest() throws {
        let receipt = try appReceipt("receipts/one-inapp.der")
        var policy = try testPolicy()
        policy.bundleIDs = ["com.other.app", "com.example.appreceipt.one"]
        policy.appVersion = "2.5"
        policy.environment = .production
        let matching = ReceiptVerifier(policy: policy).verify(receipt)
        #expect(matching.verdict == .valid)
        for id in [CheckID.bundleID, CheckID.appVersion, CheckID.environment] {
            #expect(matching.checks.first { $0.id == id }?.status == .pass)
        }
        policy.bundleIDs = ["com.other.app"]
        policy.appVersion = "9"
        policy.environment = .sandbox
        let mismatching = ReceiptVerifier(policy: policy).verify(receipt)
        #expect(Set(mismatching.failedCheckIDs) == [CheckID.bundleID, CheckID.appVersion, CheckID.environment])
        #expect(mismatching.verdict == .invalid)
    }

    @Test func deviceHashMatchesOnlyTheDeviceItWasIssuedTo() throws {
        let expected = try VectorExpectation.entry("receipts/device-hash.der")
        let receipt = try appReceipt(expected.file)
        var policy = try testPolicy()
        let issuedToText = try #require(expected.string("device_id"))
        let issuedTo: DeviceIdentifier = try #require(DeviceIdentifier(issuedToText))
        policy.deviceID = issuedTo
        let report = ReceiptVerifier(policy: policy).verify(receipt)
        #expect(report.checks.first { $0.id == CheckID.deviceHash }?.status == .pass)
        let otherText = try #require(expected.string("device_hash_wrong_device_id"))
        let other: DeviceIdentifier = try #require(DeviceIdentifier(otherText))
        policy.deviceID = other
        let wrong = ReceiptVerifier(policy: policy).verify(receipt)
        #expect(wrong.failedCheckIDs == [CheckID.deviceHash])
    }

    @Test func transactionReceiptSignatureAndChain() throws {
        let (_, document) = try ReceiptDecoder.decode(try Fixtures.testVector("receipts/ios6-transaction.b64"))
        guard case .transactionReceipt(let transaction) = document else { throw Failure("not a transaction receipt") }
        // With the issuing CA as anchor the chain is checked and the receipt is valid.
        let anchored = ReceiptVerifier(policy: try testPolicy(anchor: "pki/intermediate.pem")).verify(transaction)
        #expect(anchored.verdict == .valid, "\(anchored.failedCheckIDs)")
        // Without it, the signature still verifies but the report says plainly the chain could not be checked.
        let alone = ReceiptVerifier(policy: VerificationPolicy()).verify(transaction)
        #expect(alone.checks.first { $0.id == CheckID.signerSignature }?.status == .pass)
        #expect(alone.checks.first { $0.id == CheckID.chainAnchor }?.status == .error)
        #expect(alone.verdict == .unverifiableHere)

        let (_, tamperedDocument) = try ReceiptDecoder.decode(try Fixtures.testVector("attacks/ios6-transaction-tampered.b64"))
        guard case .transactionReceipt(let tampered) = tamperedDocument else { throw Failure("not a transaction receipt") }
        let report = ReceiptVerifier(policy: try testPolicy(anchor: "pki/intermediate.pem")).verify(tampered)
        #expect(report.failedCheckIDs == [CheckID.signerSignature])
        #expect(report.verdict == .invalid)
    }

    /// An iOS 6 receipt's environment is only in the unsigned outer plist: asked for, the check is an error
    /// (unverifiable_here) whatever the plist says, never a pass on text anyone can rewrite; not asked, a skip.
    @Test func transactionReceiptEnvironmentIsNeverDecidedByTheUnsignedPlist() throws {
        let (_, document) = try ReceiptDecoder.decode(try Fixtures.testVector("receipts/ios6-transaction.b64"))
        guard case .transactionReceipt(let transaction) = document else { throw Failure("not a transaction receipt") }
        #expect(transaction.environment == "Sandbox")
        for required in [ReceiptEnvironment.sandbox, .production] {
            var policy = try testPolicy(anchor: "pki/intermediate.pem")
            policy.environment = required
            let report = ReceiptVerifier(policy: policy).verify(transaction)
            let check = try #require(report.checks.first { $0.id == CheckID.environment })
            #expect(check.status == .error, "\(check.detail)")
            #expect("\(check.detail)".contains("unsigned outer plist"))
            #expect(report.verdict == .unverifiableHere)
        }
        let unasked = ReceiptVerifier(policy: try testPolicy(anchor: "pki/intermediate.pem")).verify(transaction)
        #expect(unasked.checks.first { $0.id == CheckID.environment }?.status == .skip)
        #expect(unasked.verdict == .valid)
    }

    /// "OpenSSL could not check it" stays apart from "it does not match": a leaf whose signature algorithm names
    /// MD2, which this OpenSSL does not provide, makes the chain check an error and the verdict
    /// unverifiable_here, never invalid (the same path a build refusing SHA-1 by policy takes).
    @Test func anAlgorithmOpenSSLCannotUseIsUnverifiableNotInvalid() throws {
        var bytes = try Fixtures.testVector("receipts/one-inapp.der")
        let leaf = try #require(try appReceipt("receipts/one-inapp.der").container.certificates.first)
        let sha256WithRSA: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B]
        var patched = 0
        var index = leaf.offset
        while index + sha256WithRSA.count <= leaf.offset + leaf.der.count {
            if Array(bytes[index..<(index + sha256WithRSA.count)]) == sha256WithRSA {
                bytes[index + sha256WithRSA.count - 1] = 0x02  // md2WithRSAEncryption
                patched += 1
            }
            index += 1
        }
        #expect(patched == 2)  // tbsCertificate.signature and Certificate.signatureAlgorithm
        let (_, document) = try ReceiptDecoder.decode(bytes)
        guard case .appReceipt(let receipt) = document else { throw Failure("not an app receipt") }
        let report = ReceiptVerifier(policy: try testPolicy()).verify(receipt)
        #expect(report.checks.first { $0.id == CheckID.chainSignatures }?.status == .error)
        #expect(report.checks.first { $0.id == CheckID.signerSignature }?.status == .pass)
        #expect(report.failedCheckIDs.isEmpty)
        #expect(report.verdict == .unverifiableHere)
    }
}
