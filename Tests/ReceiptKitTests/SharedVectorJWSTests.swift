import Foundation
import ReceiptKit
import TestSupport
import Testing

/// StoreKit 2 signed data from ../shared/vectors gets the verdict its manifest facts (established with the
/// openssl CLI, not with this code) imply: Apple-signed items are valid with no flags unless the manifest says
/// their ES256 signature does not verify; the Apple library's test-CA items and Xcode items are untrusted until
/// their anchor is given.
@Suite(.requires(Corpus.present))
struct SharedVectorJWSTests {
    static let appleChain = "Apple PKI (Apple Root CA - G3)"
    static let testCAChain = "apple/app-store-server-library test CA (testCA.der)"
    static let xcodeChain = "Xcode StoreKit Testing (self-signed leaf only)"
    static let testCAFile = "apple__app-store-server-library-swift/testCA.der"

    static func appleSignedValid() throws -> [ManifestEntry] {
        try ManifestEntry.table(
            "Apple-signed valid JWS", { $0.kind.hasPrefix("jws") && $0.chain == appleChain && $0.signature_valid == true })
    }
    static func appleSignedInvalid() throws -> [ManifestEntry] {
        try ManifestEntry.table(
            "Apple-chained JWS with a bad signature",
            { $0.kind.hasPrefix("jws") && $0.chain == appleChain && $0.signature_valid == false })
    }
    static func testCA() throws -> [ManifestEntry] {
        try ManifestEntry.table("test-CA JWS", { $0.kind.hasPrefix("jws") && $0.chain == testCAChain })
    }
    static func xcode() throws -> [ManifestEntry] {
        try ManifestEntry.table("Xcode JWS", { $0.kind.hasPrefix("jws") && $0.chain == xcodeChain })
    }
    static func withoutX5C() throws -> [ManifestEntry] {
        try ManifestEntry.table("JWS without x5c", { $0.kind.hasPrefix("jws") && $0.chain == "no x5c header" })
    }

    /// A date inside the Apple test CA's validity (2023-01-05 .. 2033-01-01), standing for "now" for the
    /// test-CA items that carry no signedDate, as the caller's clock would.
    static let testCANow = Timestamp(milliseconds: 1_750_000_000_000)

    func jws(_ entry: ManifestEntry) throws -> CompactJWS {
        let (_, document) = try ReceiptDecoder.decode(try Fixtures.shared(entry.file))
        guard case .jws(let jws) = document else { throw Failure("\(entry.file) is not a JWS") }
        return jws
    }

    func failures(_ report: VerificationReport) -> String {
        report.checks.filter { $0.status != .pass && $0.status != .skip }.map { "\($0.id): \($0.detail)" }
            .joined(separator: "\n")
    }

    @Test("every table of manifest JWS is non-empty and together they cover every JWS")
    func tablesAreFull() throws {
        let tables = [
            try Self.appleSignedValid(), try Self.appleSignedInvalid(), try Self.testCA(), try Self.xcode(),
            try Self.withoutX5C(),
        ]
        #expect(tables.allSatisfy { !$0.isEmpty }, "a manifest table loaded empty")
        #expect(tables.map(\.count).reduce(0, +) == (try ManifestEntry.jws()).count)
        #expect((try ManifestEntry.jws()).count >= 15)
    }

    @Test("Apple-signed JWS with a good signature is valid with the pinned root", arguments: try appleSignedValid())
    func appleSignedIsValid(entry: ManifestEntry) throws {
        let report = JWSVerifier(policy: VerificationPolicy()).verify(try jws(entry))
        #expect(report.verdict == .valid, "\(failures(report))")
        #expect(report.trustAnchor?.sha256Fingerprint == TrustAnchor.appleRootCAG3.sha256Fingerprint)
        #expect(report.verificationTimeSource == .payload("signedDate"))
        if let signed = entry.signedDate {
            #expect(report.verificationTime == Timestamp(milliseconds: Int64(signed.rounded(.down))))
        }
    }

    /// The alexalok fixtures were edited after Apple signed them (manifest: ES256 signature invalid, links fine).
    @Test("Apple-chained JWS whose signature the manifest marks invalid fails jws.signature", arguments: try appleSignedInvalid())
    func alteredIsInvalid(entry: ManifestEntry) throws {
        let token = try jws(entry)
        let report = JWSVerifier(policy: VerificationPolicy()).verify(token)
        #expect(report.verdict == .invalid)
        #expect(report.checks.first { $0.id == CheckID.jwsSignature }?.status == .fail)
        for id in [CheckID.jwsAlgorithm, CheckID.jwsX5c, CheckID.chainSignatures, CheckID.chainAnchor] {
            #expect(report.checks.first { $0.id == id }?.status == .pass, "\(id)")
        }
        // A notification's verdict also covers its nested items.
        let tree = SignedDataVerifier(policy: VerificationPolicy()).verify(token)
        #expect(tree.verdict == .invalid)
        if entry.jws_type == "notification-v2" {
            #expect(tree.nested.map(\.kind) == [.transaction, .renewalInfo])
        }
    }

    @Test("a notification's nested items get the verdicts the manifest gives their extracted copies")
    func nestedItemsMatchTheirExtractedCopies() throws {
        let notifications = try Self.appleSignedInvalid().filter { $0.jws_type == "notification-v2" }
        #expect(notifications.count == 2)
        for notification in notifications {
            let tree = SignedDataVerifier(policy: VerificationPolicy()).verify(try jws(notification))
            let stem = notification.file.split(separator: "/").last.map { $0.dropFirst("jws_notification-v2_".count) } ?? ""
            let copies = try ManifestEntry.jws().filter {
                $0.kind == "jws (nested)" && $0.file.contains("nested-\(stem.dropLast(4))")
            }
            #expect(copies.count == 2, "\(notification.file)")
            for copy in copies {
                let kind: SignedDataKind = copy.jws_type == "transaction" ? .transaction : .renewalInfo
                let nested = try #require(tree.nested.first { $0.kind == kind })
                #expect(nested.ownVerdict == (copy.signature_valid == true ? .valid : .invalid), "\(copy.file)")
                #expect(nested.jws?.token == (try jws(copy)).token)
            }
        }
    }

    @Test("Apple library test-CA JWS is untrusted, and valid with testCA.der as trust anchor", arguments: try testCA())
    func testCAItems(entry: ManifestEntry) throws {
        let token = try jws(entry)
        var policy = VerificationPolicy()
        policy.currentTime = Self.testCANow
        let byDefault = JWSVerifier(policy: policy).verify(token)
        #expect(byDefault.verdict == .untrusted, "\(failures(byDefault))")
        #expect(byDefault.failedCheckIDs == [CheckID.chainAnchor])

        let anchor = try X509Certificate.load(try Fixtures.shared(Self.testCAFile))
        policy.jwsAnchors = anchor.map { TrustAnchor(certificate: $0, source: Self.testCAFile) }
        let anchored = JWSVerifier(policy: policy).verify(token)
        #expect(anchored.verdict == .valid, "\(failures(anchored))")
        #expect(anchored.trustAnchor?.source == Self.testCAFile)
        if entry.signedDate == nil {
            #expect(anchored.verificationTime == Self.testCANow)
        }
    }

    @Test("a test-CA item without signedDate has no verification time unless the caller gives one")
    func noSignedDateNeedsATime() throws {
        let entry = try #require(try Self.testCA().first { $0.signedDate == nil && $0.jws_type == "notification-v2" })
        var policy = VerificationPolicy()
        policy.jwsAnchors = try X509Certificate.load(try Fixtures.shared(Self.testCAFile)).map {
            TrustAnchor(certificate: $0, source: Self.testCAFile)
        }
        let report = JWSVerifier(policy: policy).verify(try jws(entry))
        #expect(report.failedCheckIDs == [CheckID.chainValidity])
        #expect(report.verificationTime == nil)
    }

    @Test("wrongBundleId fails exactly payload.bundle_id when com.example is required")
    func wrongBundleID() throws {
        let entry = try #require(try Self.testCA().first { $0.file.hasSuffix("wrongBundleId.jws") })
        var policy = VerificationPolicy()
        policy.currentTime = Self.testCANow
        policy.bundleIDs = ["com.example"]
        policy.jwsAnchors = try X509Certificate.load(try Fixtures.shared(Self.testCAFile)).map {
            TrustAnchor(certificate: $0, source: Self.testCAFile)
        }
        let report = JWSVerifier(policy: policy).verify(try jws(entry))
        #expect(report.failedCheckIDs == [CheckID.payloadBundleID])
        #expect(
            report.checks.first { $0.id == CheckID.payloadBundleID }?.detail.description.contains("com.example.wrong") == true)
    }

    @Test("Xcode JWS is untrusted by default and valid with --allow-xcode", arguments: try xcode())
    func xcodeItems(entry: ManifestEntry) throws {
        let token = try jws(entry)
        let byDefault = JWSVerifier(policy: VerificationPolicy()).verify(token)
        #expect(byDefault.verdict == .untrusted, "\(failures(byDefault))")
        #expect(byDefault.failedCheckIDs == [CheckID.chainAnchor])
        var policy = VerificationPolicy()
        policy.allowXcode = true
        let allowed = JWSVerifier(policy: policy).verify(token)
        #expect(allowed.verdict == .valid, "\(failures(allowed))")
        #expect(allowed.trustAnchor?.source == "allowed StoreKit Testing signer")
        // Apple's library validates an AppTransaction at its receiptCreationDate.
        let expectedSource = entry.jws_type == "app-transaction" ? "receiptCreationDate" : "signedDate"
        #expect(allowed.verificationTimeSource == .payload(expectedSource))
    }

    @Test("the JWS without x5c fails jws.x5c, and nothing that needs a certificate passes", arguments: try withoutX5C())
    func missingX5C(entry: ManifestEntry) throws {
        let report = JWSVerifier(policy: VerificationPolicy()).verify(try jws(entry))
        #expect(report.verdict == .invalid)
        #expect(report.failedCheckIDs == [CheckID.jwsX5c])
        let x5c = try #require(report.checks.first { $0.id == CheckID.jwsX5c })
        #expect(x5c.detail.description.contains("no x5c"))
        #expect(report.checks.first { $0.id == CheckID.jwsSignature }?.status == .skip)
        #expect(report.checks.filter { $0.id.rawValue.hasPrefix("chain.") }.allSatisfy { $0.status == .skip })
    }

    @Test("pinned Apple Root CA - G3 fingerprint equals the manifest's copy of the certificate")
    func pinnedRootMatchesCopy() throws {
        let root = try #require(
            try X509Certificate.load(try Fixtures.shared("devsisters__go-applereceipt/AppleRootCA-G3.cer")).first)
        #expect(root.sha256Fingerprint == TrustAnchor.appleRootCAG3.sha256Fingerprint)
        #expect(root.subjectCommonName == "Apple Root CA - G3")
    }
}

/// Subscriptions from a real, altered notification: only what Apple's signature still covers is counted.
@Suite(.requires(Corpus.present))
struct SharedVectorStoreKitSubscriptionTests {
    @Test("the altered Trial notification counts its renewal info only")
    func alteredNotification() throws {
        let file = "alexalok__AppStoreServerNotificationsV2/jws_notification-v2_Sandbox_Sandbox_Trial.jws"
        let (_, document) = try ReceiptDecoder.decode(try Fixtures.shared(file))
        guard case .jws(let jws) = document else { throw Failure("not a JWS") }
        let source = StoreKitSubscriptionInputs(SignedDataVerifier(policy: VerificationPolicy()).verify(jws))
        #expect(source.excluded.map(\.path) == ["", "data.signedTransactionInfo"])
        #expect(source.inputs.transactions.isEmpty)
        #expect(source.inputs.renewals.map(\.originalTransactionID) == ["1000000941563796"])
        #expect(source.appleStatuses.isEmpty)
        #expect(source.inputs.sandbox)
        #expect(source.inputs.defaultTime == Timestamp(milliseconds: 1_714_925_642_898))
    }
}
