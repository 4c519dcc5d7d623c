import Foundation
import TestSupport
import Testing

/// `appreceipt api VERB` end to end (issue 22, items 1-4) against the App Store Server API stand-in
/// (Tests/StandIn/app_store_server_api_standin.py, 127.0.0.1 only), which checks every token it is sent. Every run
/// goes through ``api(_:_:_:environment:)``, which greps the run's stdout and stderr for the private key and for
/// every token the stand-in received: neither may ever appear in any output.
@Suite struct APICommandTests {
    static let keyFile = "TestVectors/api/AuthKey_TEST.p8"
    static let credentials = [
        "--key-file", keyFile, "--key-id", "TESTKEY123", "--issuer-id", "57246542-96fe-1a63-e053-0824d011072a",
        "--bundle-id", "com.example.appreceipt.storekit", "--trust-anchor", "TestVectors/jws/pki/root.pem",
    ]

    /// A stand-in that logs the tokens it receives, and the file it logs them to.
    static func standIn() throws -> (StandIn, URL) {
        // The stand-in may outlive the test's scope in the returned pair, so its log lives until the process exits.
        let log = try TemporaryDirectory.forProcess("api-tokens").url.appendingPathComponent("tokens")
        return (try StandIn(script: "app_store_server_api_standin.py", options: ["--token-log", log.path]), log)
    }

    /// Runs `api ARGUMENTS` against `scenario` (a fresh tag), then checks that the output holds no secret.
    static func api(
        _ server: (StandIn, URL), _ scenario: String, _ arguments: [String], credentials: [String] = credentials,
        environment: [String: String] = [:], url: String? = nil
    ) throws -> BinaryRunner.Result {
        let url = url ?? "http://127.0.0.1:\(server.0.port)/\(scenario)~\(UUID().uuidString)"
        let result = try BinaryRunner.run(
            ["api"] + arguments + credentials + ["--api-url", url],
            environment: ["PATH": "/usr/bin:/bin"].merging(environment) { $1 })
        try expectNoSecrets(result, tokenLog: server.1)
        return result
    }

    /// Neither a line of the key's base64 body nor any token received (nor its signature) is in the output.
    static func expectNoSecrets(_ result: BinaryRunner.Result, tokenLog: URL) throws {
        let output = result.stdout + result.stderr
        let key = try String(contentsOf: Project.root.appendingPathComponent(keyFile), encoding: .utf8)
        let keyLines = key.split(separator: "\n").filter { !$0.hasPrefix("-----") }
        #expect(!keyLines.isEmpty)
        for line in keyLines { #expect(!output.contains(line.prefix(24)), "the private key is in the output") }
        let tokens = ((try? String(contentsOf: tokenLog, encoding: .utf8)) ?? "").split(separator: "\n")
        for token in tokens {
            #expect(!output.contains(token), "a token is in the output")
            #expect(!output.contains(token.split(separator: ".").last ?? "-"), "a token's signature is in the output")
        }
    }

    /// The JSON lines of stdout, parsed.
    static func lines(_ result: BinaryRunner.Result) throws -> [[String: Any]] {
        try result.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }

    static func verdicts(_ lines: [[String: Any]]) -> [String] {
        lines.compactMap { ($0["item"] as? [String: Any])?["verdict"] as? String }
    }

    static func summary(_ lines: [[String: Any]]) -> [String: Any] { lines.last?["summary"] as? [String: Any] ?? [:] }

    @Test func everyVerbAnswersWithVerifiedItemsOneALine() throws {
        let server = try Self.standIn()
        let cases: [([String], Int)] = [
            (["transaction", "2000000000000505"], 1),
            (["history", "1000000000000501", "--product-type", "auto_renewable", "--sort", "descending"], 5),
            (["status", "1000000000000501", "--status", "1"], 2),
            (["refunds", "1000000000000501"], 1),
            (["lookup", "MK5TTTVWJH"], 1),
            (["app-transaction", "2000000000000505"], 1),
            (["notifications", "--start", "2025-05-01T00:00:00Z", "--end", "now", "--type", "DID_RENEW"], 3),
            (["test-notification-status", "ce3af791_1748736000000"], 1),
            (["test-notification"], 0),
        ]
        for (arguments, count) in cases {
            let result = try Self.api(server, "ok", arguments + ["--environment", "production"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let lines = try Self.lines(result)
            #expect(Self.verdicts(lines) == Array(repeating: "valid", count: count), "\(arguments)")
            #expect(
                Self.summary(lines)["items"] as? Int == count && Self.summary(lines)["environment"] as? String == "Production")
        }
    }

    @Test func aForgedItemIsInvalidAndTheExitStatusSaysSo() throws {
        let server = try Self.standIn()
        let result = try Self.api(server, "forged", ["history", "1000000000000501"])
        #expect(result.status == 1)
        let lines = try Self.lines(result)
        #expect(Self.verdicts(lines) == ["valid", "invalid", "valid", "valid", "valid"])
        #expect(lines.compactMap { $0["page"] as? Int } == [1, 1, 2, 2, 3])
        #expect(Self.summary(lines)["invalid_items"] as? Int == 1)
    }

    @Test func autoFallsBackToTheSandboxAndSaysSo() throws {
        let server = try Self.standIn()
        let result = try Self.api(server, "sandbox-only", ["transaction", "2000000000000505", "--format", "text"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Sandbox, page 1:") && result.stdout.contains("Sandbox answered: 1 item(s)"))
        let production = try Self.api(server, "sandbox-only", ["transaction", "2000000000000505", "--environment", "production"])
        #expect(production.status == 1 && production.stderr.contains("4040010 transaction id not found"))
    }

    @Test func theLimitStopsReadingAndTheSummarySaysAppleHasMore() throws {
        let server = try Self.standIn()
        let result = try Self.api(server, "ok", ["history", "1000000000000501", "--limit", "2"])
        let lines = try Self.lines(result)
        #expect(result.status == 0 && Self.verdicts(lines).count == 2)
        #expect(Self.summary(lines)["has_more"] as? Bool == true && Self.summary(lines)["pages"] as? Int == 1)
    }

    @Test func theEnvironmentVariablesStandInForTheOptions() throws {
        let server = try Self.standIn()
        let result = try Self.api(
            server, "ok", ["transaction", "2000000000000505"],
            credentials: ["--bundle-id", "com.example.appreceipt.storekit", "--trust-anchor", "TestVectors/jws/pki/root.pem"],
            environment: [
                "APPRECEIPT_API_KEY_FILE": Self.keyFile, "APPRECEIPT_API_KEY_ID": "TESTKEY123",
                "APPRECEIPT_API_ISSUER_ID": "57246542-96fe-1a63-e053-0824d011072a",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let missing = try Self.api(server, "ok", ["transaction", "1"], credentials: ["--bundle-id", "b"])
        #expect(missing.status == 64 && missing.stderr.contains("this needs --key-file or APPRECEIPT_API_KEY_FILE"))
    }

    @Test func failuresSayWhatToCheckWithTheDocumentedStatus() throws {
        let server = try Self.standIn()
        let unauthorized = try Self.api(server, "unauthorized", ["transaction", "1"])
        #expect(unauthorized.status == 1 && unauthorized.stderr.contains("check the key id (--key-id), the issuer id"))
        let invalid = try Self.api(server, "invalid-id", ["transaction", "x"])
        #expect(invalid.status == 1 && invalid.stderr.contains("HTTP 400: 4000006 invalid transaction id"))
        let busy = try Self.api(server, "always-500", ["transaction", "1", "--environment", "production"])
        #expect(busy.status == 69 && busy.stderr.contains("after 4 attempt(s)"), "\(busy.stderr)")
        let limited = try Self.api(server, "rate-limited-long", ["transaction", "1"])
        #expect(limited.status == 69 && limited.stderr.contains("Retry-After 3600 s"))
        let plain = try Self.api(server, "ok", ["transaction", "1"], url: "http://example.com")
        #expect(plain.status == 64 && plain.stderr.contains("plain http is allowed only to a loopback address"))
        let usage = try Self.api(server, "ok", ["history"])
        #expect(usage.status == 64 && usage.stderr.contains("api history takes one id, not 0"))
    }

    @Test func aKeyThatIsNotAP256PrivateKeyIsRefusedWithoutShowingIt() throws {
        let server = try Self.standIn()
        let result = try Self.api(
            server, "ok", ["transaction", "1"],
            credentials: ["--key-file", "TestVectors/jws/pki/root.key", "--key-id", "K", "--issuer-id", "I", "--bundle-id", "B"])
        #expect(result.status == 65 && result.stderr.contains("the In-App Purchase key TestVectors/jws/pki/root.key"))
        let key = try String(
            contentsOf: Project.root.appendingPathComponent("TestVectors/jws/pki/root.key"), encoding: .utf8)
        for line in key.split(separator: "\n") where !line.hasPrefix("-----") {
            #expect(!result.stderr.contains(line.prefix(24)))
        }
    }

    /// The leak check above can fail: the stand-in did log the tokens this suite's runs sent.
    @Test func theTokensThatTheLeakCheckLooksForWereReallySent() throws {
        let server = try Self.standIn()
        _ = try Self.api(server, "ok", ["transaction", "2000000000000505"])
        let tokens = try String(contentsOf: server.1, encoding: .utf8).split(separator: "\n")
        #expect(tokens.count == 1 && tokens[0].split(separator: ".").count == 3)
        try? FileManager.default.removeItem(at: server.1)
    }
}

/// `compare --api` (issue 22, item 5): local data beside Apple's transaction history from the stand-in.
@Suite struct APIComparisonTests {
    static func compare(_ server: (StandIn, URL), _ file: String, _ extra: [String] = []) throws -> BinaryRunner.Result {
        let url = "http://127.0.0.1:\(server.0.port)/ok~\(UUID().uuidString)"
        let result = try BinaryRunner.run(
            ["compare", "--api"] + APICommandTests.credentials + ["--api-url", url, "--environment", "production"] + extra + [
                file
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        try APICommandTests.expectNoSecrets(result, tokenLog: server.1)
        return result
    }

    @Test func aSignedTransactionBesideTheHistoryShowsTheFieldThatDiffersAndWhatOnlyAppleHolds() throws {
        let server = try APICommandTests.standIn()
        let result = try Self.compare(server, "TestVectors/api/local-transaction.jws")
        #expect(result.status == 1, "\(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        let differences = document["differences"] as? [[String: Any]] ?? []
        #expect(differences.map { $0["path"] as? String } == ["history[2000000000000501].quantity"])
        #expect(differences.first?["kind"] as? String == "mismatch" && differences.first?["remote"] as? Int == 1)
        let knowledge = (document["remote_knowledge"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(knowledge == (2...5).map { "history[200000000000050\($0)]" })
        let notes = (document["remote_knowledge"] as? [[String: Any]] ?? []).compactMap { $0["note"] as? String }
        #expect(notes[1].contains("refunded or revoked") && !notes[0].contains("refunded"))
        #expect((document["verification"] as? [String: Any])?["verdict"] as? String == "valid")
        #expect((document["response"] as? [String: Any])?["history_items"] as? Int == 5)
    }

    @Test func aReceiptBesideTheHistoryShowsARefundAndRenewalsOnlyAppleHolds() throws {
        let server = try APICommandTests.standIn()
        let result = try Self.compare(server, "TestVectors/receipts/one-inapp.b64", ["--format", "text"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("local_only"))
        #expect(
            result.stdout.contains(
                "history[2000000000000503]: transaction 2000000000000503 (pro.monthly) is not in the local data"))
        #expect(result.stdout.contains("refunded or revoked 2024-08-03T00:00:00Z"))
        #expect(result.stdout.contains("history[2000000000000505]"))
    }
}

/// `subscriptions --api ID` (issue 22, item 4): a live Get All Subscription Statuses answer, verified and evaluated.
@Suite struct APISubscriptionsTests {
    @Test func aLiveStatusAnswerGivesTheSubscriptionsState() throws {
        let server = try APICommandTests.standIn()
        let url = "http://127.0.0.1:\(server.0.port)/ok~\(UUID().uuidString)"
        let result = try BinaryRunner.run(
            ["subscriptions", "--api", "1000000000000501"] + APICommandTests.credentials
                + ["--api-url", url, "--environment", "production", "--at", "2024-10-15T00:00:00Z", "--format", "text"],
            environment: ["PATH": "/usr/bin:/bin"])
        try APICommandTests.expectNoSecrets(result, tokenLog: server.1)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("active            pro.monthly (original 1000000000000501)"))
        let expired = try BinaryRunner.run(
            ["subscriptions", "--api", "1000000000000501"] + APICommandTests.credentials
                + ["--api-url", url, "--environment", "production", "--at", "2024-11-15T00:00:00Z", "--format", "text"],
            environment: ["PATH": "/usr/bin:/bin"])
        try APICommandTests.expectNoSecrets(expired, tokenLog: server.1)
        #expect(expired.stdout.contains("expired"), "\(expired.stdout)")
    }
}
