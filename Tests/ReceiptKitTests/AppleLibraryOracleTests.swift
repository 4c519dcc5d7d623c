import Foundation
import ReceiptKit
import TestSupport
import Testing

/// A differential oracle (issue 20, item 5): Apple's own Python library (`app-store-server-library`,
/// `SignedDataVerifier` with online checks off, installed by scripts/ensure-oracle.sh) and appreceipt must make
/// the same accept/reject decision on every StoreKit 2 item of TestVectors and of the shared corpus, except for
/// the differences docs/storekit2.md lists under "Apple's library as an oracle", each with its reason.
@Suite struct AppleLibraryOracleTests {
    /// The oracle's Python (as scripts/ensure-oracle.sh --python names it), or nil when it is not installed.
    static let python: String? = {
        let found = try? Subprocess.run(tool: "bash", [Project.path("scripts/ensure-oracle.sh"), "--python"])
        let path = found?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return found?.status == 0 && !path.isEmpty ? path : nil
    }()

    static let oracleInstalled = Requirement(
        "Apple's app-store-server-library is not installed (scripts/ensure-oracle.sh; APPRECEIPT_NO_ORACLE)"
    ) { python != nil }

    struct Item: Encodable {
        let path: String
        let kind: String
        let environment: String?
        let bundle_id: String?
        let app_apple_id: Int64?
        let roots: [String]
    }

    struct Answer: Decodable {
        let path: String
        let accepted: Bool
        let reason: String
    }

    /// Every `.jws` directly in the folders below `root` (one level of subfolders, as both corpora are laid out).
    static func tokens(in root: URL) throws -> [URL] {
        let folders = try FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "jws" }
        }.sorted { $0.path < $1.path }
    }

    /// appreceipt's own verdict on the item alone (Apple's library looks at no nested item) and what the oracle
    /// needs to be configured with.
    static func ours(_ url: URL, policy: VerificationPolicy, roots: [String]) throws -> (Item, Verdict?) {
        let jws = try CompactJWS(String(decoding: try Fixtures.bytes(url), as: UTF8.self))
        let facts = SignedPayloadFacts(payload: jws.payload)
        let item = Item(
            path: url.path, kind: facts.kind.rawValue, environment: facts.environment?.value.rawValue,
            bundle_id: facts.bundleID?.value, app_apple_id: facts.appAppleID?.value, roots: roots)
        return (item, SignedDataVerifier(policy: policy).verify(jws).ownVerdict)
    }

    static func oracle(_ items: [Item], python: String) throws -> [String: Answer] {
        let run = try Subprocess.run(
            URL(fileURLWithPath: python), [Project.path("Tests/Oracle/apple_signed_data_oracle.py")],
            stdin: try JSONEncoder().encode(items))
        #expect(run.status == 0, "the oracle script failed: \(run.stderr)")
        let answers = try run.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(Answer.self, from: Data($0.utf8))
        }
        return Dictionary(answers.map { ($0.path, $0) }) { first, _ in first }
    }

    /// Where the two may differ, and why (docs/storekit2.md, "Apple's library as an oracle").
    static func knownDifference(_ item: Item) -> String? {
        if item.environment == "Xcode" { return "Apple's library skips every check for Xcode data" }
        if item.environment == nil { return "Apple's library refuses an item that states no environment" }
        return nil
    }

    func compare(_ urls: [URL], policy: VerificationPolicy, roots: [String]) throws {
        let python = try #require(Self.python)
        let ours = try urls.map { try Self.ours($0, policy: policy, roots: roots) }
        #expect(ours.count == urls.count && !ours.isEmpty)
        let answers = try Self.oracle(ours.map(\.0), python: python)
        var compared = 0
        for (item, verdict) in ours {
            let answer = try #require(answers[item.path], "no oracle answer for \(item.path)")
            if let why = Self.knownDifference(item) {
                if item.environment == "Xcode" { #expect(answer.accepted, "\(item.path): \(why)") }
                continue
            }
            compared += 1
            #expect(
                answer.accepted == (verdict == .valid),
                "\(item.path): Apple's library \(answer.accepted ? "accepts" : "refuses (\(answer.reason))"), appreceipt says \(verdict.map(\.rawValue) ?? "nothing")"
            )
        }
        #expect(compared > 0)
    }

    @Test(.requires(oracleInstalled))
    func theProjectsVectorsGetApplesDecision() throws {
        var policy = VerificationPolicy()
        let root = "jws/pki/root.pem"
        policy.jwsAnchors = try X509Certificate.load(try Fixtures.testVector(root)).map {
            TrustAnchor(certificate: $0, source: root)
        }
        policy.currentTime = Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))
        try compare(
            try Self.tokens(in: Fixtures.testVectors.appendingPathComponent("jws")), policy: policy,
            roots: [Fixtures.testVectors.appendingPathComponent("jws/pki/root.der").path])
    }

    @Test(
        .requires(Corpus.present),
        .requires(oracleInstalled))
    func theCorpusGetsApplesDecision() throws {
        var policy = VerificationPolicy()
        policy.currentTime = Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))
        try compare(
            try Self.tokens(in: Corpus.location), policy: policy,
            roots: [Corpus.location.appendingPathComponent("devsisters__go-applereceipt/AppleRootCA-G3.cer").path])
    }
}
