import Foundation
import TestSupport
import Testing

/// `compare --remote` end to end: the built binary against a real HTTP server on loopback that replays recorded
/// responses and implements Apple's environment redirects, retryable errors and failures.
@Suite struct RemoteCompareTests {
    let receipt = "TestVectors/receipts/one-inapp.b64"

    func run(_ scenario: String, _ extra: [String] = [], environment: [String: String]? = nil, standIn: StandIn) throws
        -> (result: BinaryRunner.Result, json: [String: Any]?, tag: String)
    {
        let tag = UUID().uuidString
        let result = try BinaryRunner.run(
            ["compare", "--remote", "--timeout", "1"] + standIn.urls(scenario, tag: tag) + extra + [receipt],
            environment: environment ?? ["PATH": "/usr/bin:/bin"])
        let json = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result, json, "\(scenario)~\(tag)")
    }

    func exchanges(_ json: [String: Any]?) -> [(String, Int?)] {
        let list = (json?["response"] as? [String: Any])?["exchanges"] as? [[String: Any]] ?? []
        return list.map { ($0["environment"] as? String ?? "?", $0["status"] as? Int) }
    }

    @Test func productionSuccessAgreesAndSavesTheResponse() throws {
        let standIn = try StandIn()
        let folder = try TemporaryDirectory("saved-response")
        let saved = folder.url.appendingPathComponent("response.json")
        let (result, json, _) = try run("production-success", ["--save-response", saved.path], standIn: standIn)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(json?["agrees"] as? Bool == true)
        #expect(exchanges(json).map(\.0) == ["Production"])
        let savedResponse = try JSONSerialization.jsonObject(with: Data(contentsOf: saved)) as? [String: Any]
        #expect(savedResponse?["status"] as? Int == 0)
        // The renewal Apple knows about and the receipt cannot.
        let knowledge = json?["remote_knowledge"] as? [[String: Any]] ?? []
        #expect(knowledge.contains { ($0["path"] as? String)?.hasPrefix("latest_receipt_info[") == true })
    }

    @Test func sandboxReceiptFollows21007Once() throws {
        let standIn = try StandIn()
        let (result, json, tag) = try run("sandbox-redirect", standIn: standIn)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(exchanges(json).map(\.0) == ["Production", "Sandbox"])
        #expect(exchanges(json).map(\.1) == [21007, 0])
        #expect((json?["response"] as? [String: Any])?["environment"] as? String == "Sandbox")
        #expect(try standIn.log(tag).count == 2)
    }

    @Test func wrongEnvironmentFollows21008BackOnce() throws {
        let standIn = try StandIn()
        let (result, json, _) = try run("wrong-environment", standIn: standIn)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(exchanges(json).map(\.1) == [21007, 21008, 0])
    }

    @Test func malformedReceiptStatusIsReportedWithoutRetry() throws {
        let standIn = try StandIn()
        let (result, json, tag) = try run("malformed", standIn: standIn)
        #expect(result.status == 1)
        let response = json?["response"] as? [String: Any]
        #expect(response?["status"] as? Int == 21002)
        #expect((response?["status_meaning"] as? String)?.contains("malformed") == true)
        #expect(json?["agrees"] as? Bool == false)
        #expect(try standIn.log(tag).count == 1)
    }

    @Test(arguments: ["retryable-then-success", "server-busy"])
    func retryableAnswersAreRetried(scenario: String) throws {
        let standIn = try StandIn()
        let (result, json, _) = try run(scenario, standIn: standIn)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(exchanges(json).count == 2)
        #expect(exchanges(json).last?.1 == 0)
    }

    @Test(arguments: [
        ("retryable-forever", "kept answering 21199"), ("timeout", "could not be reached after 3 attempt(s)"),
        ("not-json", "not JSON"), ("http-500", "could not be reached after 3 attempt(s): HTTP 500"),
    ])
    func unavailableVerifierExits69(scenario: String, message: String) throws {
        let standIn = try StandIn()
        let (result, _, tag) = try run(scenario, standIn: standIn)
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("verifier unavailable"), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        let expectedRequests = scenario == "not-json" ? 1 : 3
        #expect(try standIn.log(tag).count == expectedRequests)
    }

    @Test func secretComesFromAFileOrTheEnvironmentAndIsNeverPrinted() throws {
        let secret = "5ecre7-\(UUID().uuidString)"
        let standIn = try StandIn(environment: ["STANDIN_EXPECTED_SECRET": secret])
        let folder = try TemporaryDirectory("secret")
        let file = URL(fileURLWithPath: try folder.write("secret", secret + "\n"))

        let fromFile = try run("secret-check", ["--password-file", file.path], standIn: standIn)
        #expect(fromFile.result.status == 0, "\(fromFile.result.stderr)")
        let posted = try standIn.log(fromFile.tag).first?["body"] as? [String: Any]
        #expect(posted?["password"] as? String == secret)

        let fromEnvironment = try run(
            "secret-check", environment: ["PATH": "/usr/bin:/bin", "APPRECEIPT_SHARED_SECRET": secret], standIn: standIn)
        #expect(fromEnvironment.result.status == 0, "\(fromEnvironment.result.stderr)")

        let without = try run("secret-check", standIn: standIn)
        #expect(without.result.status == 1)
        #expect((without.json?["response"] as? [String: Any])?["status"] as? Int == 21004)

        for run in [fromFile.result, fromEnvironment.result, without.result] {
            #expect(!run.stdout.contains(secret))
            #expect(!run.stderr.contains(secret))
        }
        // There is no way to pass it in argv.
        let argv = try BinaryRunner.run(["compare", "--remote", "--password", secret, receipt])
        #expect(argv.status == 64)
        #expect(argv.stderr.contains("Unknown option '--password'"))
    }

    /// An iOS 6 transaction receipt is posted as base64 of its property list, the form Apple takes.
    @Test func transactionReceiptIsPostedAsBase64OfItsPlist() throws {
        let standIn = try StandIn()
        let tag = UUID().uuidString
        _ = try BinaryRunner.run(
            ["compare", "--remote", "--timeout", "1"] + standIn.urls("malformed", tag: tag) + [
                "TestVectors/receipts/ios6-transaction.b64"
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        let posted = try #require(try standIn.log("malformed~\(tag)").first?["body"] as? [String: Any])
        let receiptData = try #require(posted["receipt-data"] as? String)
        let plist = try #require(Data(base64Encoded: receiptData))
        #expect(plist.first == UInt8(ascii: "{"))
        let file = try String(
            contentsOf: Project.root.appendingPathComponent("TestVectors/receipts/ios6-transaction.b64"),
            encoding: .utf8)
        #expect(receiptData == file.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func responseFileAndRemoteAreExclusive() throws {
        for arguments in [["compare", receipt], ["compare", "--remote", "--response", "x.json", receipt]] {
            let result = try BinaryRunner.run(arguments)
            #expect(result.status == 64)
            #expect(result.stderr.contains("give exactly one of --response FILE and --remote"))
        }
    }
}
