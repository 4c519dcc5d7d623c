import Foundation
import ReceiptCLI
import TestSupport
import Testing

/// StoreKit 2 signed data through `verify`, `decode` and `subscriptions`: the expectations come from
/// TestVectors/jws/expectations.json, written from how make-jws-vectors.sh made each token.
@Suite struct StoreKitCLITests {
    struct Attack: Sendable, CustomTestStringConvertible {
        let file: String
        let twin: String
        let fails: [String]
        let verdict: String
        /// Verified with --allow-xcode (the Xcode-shaped attack).
        let allowXcode: Bool
        var testDescription: String { file }
    }

    static let root = TestPKI.storeKitRoot

    /// Every attack with its twin; a table that loads empty fails the test below instead of running no case.
    static let attacks: [Attack] = {
        let url = Project.root.appendingPathComponent("TestVectors/jws/expectations.json")
        guard let data = FileManager.default.contents(atPath: url.path),
            let entries = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]]
        else { return [] }
        return entries.compactMap { entry in
            guard let file = entry["file"] as? String, let twin = entry["twin"] as? String,
                let verdict = entry["verdict"] as? String
            else { return nil }
            return Attack(
                file: file, twin: twin, fails: entry["fails"] as? [String] ?? [], verdict: verdict,
                allowXcode: entry["allow_xcode"] as? Bool ?? false)
        }
    }()

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func attackTableIsLoaded() {
        #expect(Self.attacks.count >= 13)
    }

    @Test(arguments: attacks)
    func attackFailsItsCheckAndItsTwinVerifies(attack: Attack) throws {
        let options = ["verify", "--trust-anchor", Self.root] + (attack.allowXcode ? ["--allow-xcode"] : [])
        let console = BufferConsole()
        #expect(CLI.run(options + ["TestVectors/jws/" + attack.file], console: console) == 1)
        let document = try Self.json(console.out)
        #expect(document["verdict"] as? String == attack.verdict)
        let problems = (document["checks"] as? [[String: Any]] ?? []).filter {
            ["fail", "error"].contains($0["status"] as? String)
        }
        if attack.fails.isEmpty {
            // The fault is in a nested item: the item itself passes, the whole is invalid.
            #expect(document["item_verdict"] as? String == "valid")
            let nested = document["nested"] as? [[String: Any]] ?? []
            #expect(nested.contains { $0["verdict"] as? String == "invalid" })
        } else {
            #expect(problems.compactMap { $0["id"] as? String } == attack.fails)
        }
        let twin = BufferConsole()
        #expect(CLI.run(options + ["TestVectors/jws/" + attack.twin], console: twin) == 0, "\(twin.out)")
    }

    @Test func pinnedRootDoesNotTrustTheTestPKIAndXcodeNeedsItsFlag() throws {
        let pinned = BufferConsole()
        #expect(pinned.run("verify", "TestVectors/jws/valid/transaction.jws") == 1)
        #expect(try Self.json(pinned.out)["verdict"] as? String == "untrusted")
        let xcode = BufferConsole()
        #expect(xcode.run("verify", "--format", "text", "TestVectors/jws/valid/xcode-transaction.jws") == 1)
        #expect(xcode.out.contains("pass --allow-xcode to trust it"))
        let allowed = BufferConsole()
        #expect(allowed.run("verify", "--allow-xcode", "TestVectors/jws/valid/xcode-transaction.jws") == 0, "\(allowed.out)")
    }

    @Test func apiAnswerWithAForgedItemIsInvalidAndNamesTheItem() throws {
        let console = BufferConsole()
        let file = "TestVectors/jws/bodies/all-subscription-statuses-with-forged-item.json"
        #expect(console.run("verify", "--trust-anchor", Self.root, file) == 1)
        let document = try Self.json(console.out)
        #expect(document["verdict"] as? String == "invalid")
        let items = document["items"] as? [[String: Any]] ?? []
        let forged = items.filter { $0["verdict"] as? String == "invalid" }
        #expect(forged.map { $0["path"] as? String } == ["data[1].lastTransactions[2].signedTransactionInfo"])
        let clean = BufferConsole()
        #expect(clean.run("verify", "--trust-anchor", Self.root, "TestVectors/jws/bodies/all-subscription-statuses.json") == 0)
    }

    @Test func decodeShowsMillisecondDatesReadablyWithoutRenamingApplesKeys() throws {
        let console = BufferConsole()
        #expect(console.run("decode", "TestVectors/jws/valid/transaction.jws") == 0)
        let jws = try #require(try Self.json(console.out)["jws"] as? [String: Any])
        let payload = try #require(jws["payload"] as? [String: Any])
        #expect(payload["signedDate"] as? Int == 1_748_736_000_000)
        #expect((jws["dates"] as? [String: Any])?["signedDate"] as? String == "2025-06-01T00:00:00Z")
        let text = BufferConsole()
        #expect(text.run("decode", "--format", "text", "TestVectors/jws/valid/notification.jws") == 0)
        #expect(text.out.contains("transaction at data.signedTransactionInfo"))
        #expect(text.out.contains("expiresDate            2025-07-01T00:00:00Z (1751328000000)"))
    }

    @Test func subscriptionsFromAStatusesAnswerCountOnlyValidItems() throws {
        let console = BufferConsole()
        let file = "TestVectors/jws/bodies/all-subscription-statuses-with-forged-item.json"
        #expect(console.run("subscriptions", "--trust-anchor", Self.root, file) == 0)
        let document = try Self.json(console.out)
        let states = (document["items"] as? [[String: Any]] ?? []).compactMap { $0["state"] as? String }
        // Apple's statuses 1-5 beside the five genuine subscriptions (made that way by make-jws-vectors.sh).
        #expect(Set(states) == ["active", "expired", "in_billing_retry", "in_grace_period", "revoked"])
        let input = try #require(document["input"] as? [String: Any])
        #expect((input["apple_statuses"] as? [Any])?.count == 5)
        let excluded = input["excluded_items"] as? [[String: Any]] ?? []
        #expect(excluded.map { $0["verdict"] as? String } == ["invalid"])
    }

    /// Apple's own library test files (signed by its test CA, one without any signedDate) are untrusted under
    /// the pinned root and valid with that CA as the anchor, as the corpus manifest says.
    @Test(.requires(Corpus.present))
    func appleLibraryTestFilesVerifyWithTheirTestCA() throws {
        let folder = Corpus.path("apple__app-store-server-library-swift") + "/"
        for name in ["jws_transaction_Sandbox_transactionInfo.jws", "jws_notification-v2_unknown_wrongBundleId.jws"] {
            let pinned = BufferConsole()
            #expect(pinned.run("verify", folder + name) == 1)
            let anchored = BufferConsole()
            #expect(anchored.run("verify", "--trust-anchor", folder + "testCA.der", folder + name) == 0, "\(name)")
            #expect(try Self.json(anchored.out)["verdict"] as? String == "valid")
        }
    }
}
