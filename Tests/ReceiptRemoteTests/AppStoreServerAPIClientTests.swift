import Foundation
import ReceiptKit
import TestSupport
import Testing

@testable import ReceiptRemote

/// The App Store Server API client (issue 22, items 1-4 and 8) against Tests/StandIn/app_store_server_api_standin.py
/// on 127.0.0.1: every read-only endpoint, pagination to the last page, the sandbox fallback, 401, 429 with
/// Retry-After, a 5xx before success, Apple's error codes, and a forged item among valid ones. The stand-in
/// checks every bearer token (signature with the key's public half, header and claims); its answers' signed
/// items are made with the test PKI (TestVectors/make-api-vectors.py), trusted here as the anchor.
@Suite(.serialized) struct AppStoreServerAPIClientTests {
    /// The stand-in (Tests/StandIn/app_store_server_api_standin.py) for one test, with the file it logs the bearer
    /// tokens it was sent to; both go when the test lets go of it.
    final class Server {
        let standIn: StandIn
        let folder: TemporaryDirectory

        init() throws {
            let folder = try TemporaryDirectory("asapi-tokens")
            standIn = try StandIn(script: "app_store_server_api_standin.py", options: ["--token-log", folder.path("tokens")])
            self.folder = folder
        }

        var port: Int { standIn.port }

        /// The requests made under `scenario` (with its tag), as the stand-in logged them.
        func log(_ scenario: String) throws -> [[String: Any]] { try standIn.log(scenario) }

        var tokens: [String] {
            ((try? String(contentsOfFile: folder.path("tokens"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
    }

    /// Pauses the client asked for, recorded instead of slept.
    final class Pauses: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds: [Double] = []
        func add(_ value: Double) { lock.withLock { seconds.append(value) } }
        var all: [Double] { lock.withLock { seconds } }
    }

    static func verifier() throws -> SignedDataVerifier {
        var policy = VerificationPolicy()
        let pem = try Data(contentsOf: Project.url(TestPKI.storeKitRoot))
        policy.jwsAnchors = try X509Certificate.load(Array(pem)).map { TrustAnchor(certificate: $0, source: "root.pem") }
        return SignedDataVerifier(policy: policy)
    }

    static func key() throws -> ECDSASigningKey {
        try ECDSASigningKey(pkcs8: Array(try Data(contentsOf: Project.url("TestVectors/api/AuthKey_TEST.p8"))))
    }

    /// A client for `scenario` on `server`, fresh tag, pauses recorded.
    static func client(
        _ server: Server, _ scenario: String, environment: AppStoreServerAPIEnvironment.Choice = .auto, limit: Int? = nil
    ) throws -> (AppStoreServerAPIClient, String, Pauses) {
        let tagged = "\(scenario)~\(UUID().uuidString)"
        let pauses = Pauses()
        var configuration = AppStoreServerAPIClient.Configuration()
        configuration.baseURL = "http://127.0.0.1:\(server.port)/\(tagged)"
        configuration.environment = environment
        configuration.limit = limit
        configuration.timeout = 20
        configuration.sleep = { pauses.add($0) }
        let token = AppStoreServerAPIToken(
            keyID: "TESTKEY123", issuerID: "57246542-96fe-1a63-e053-0824d011072a", bundleID: "com.example.appreceipt.storekit")
        return (AppStoreServerAPIClient(configuration: configuration, token: token, key: try key()), tagged, pauses)
    }

    /// Runs `call`; the items in order, and the outcome.
    static func run(_ client: AppStoreServerAPIClient, _ call: AppStoreServerAPICall) throws
        -> ([AppStoreServerAPIItem], AppStoreServerAPIOutcome)
    {
        var items: [AppStoreServerAPIItem] = []
        let outcome = try client.run(call, verifier: try verifier()) {
            items.append($0); return true
        }
        return (items, outcome)
    }

    static func transactionIDs(_ items: [AppStoreServerAPIItem]) -> [String] {
        items.compactMap { $0.report.jws?.payload["transactionId"]?.scalarText }
    }

    @Test func theTransactionHistoryIsFollowedToItsLastPageInApplesOrder() throws {
        let server = try Server()
        let (client, tagged, _) = try Self.client(server, "ok", environment: .production)
        var filter = AppStoreServerAPICall.HistoryFilter()
        filter.productIDs = ["pro.monthly"]
        filter.sort = "ASCENDING"
        filter.revoked = false
        let (items, outcome) = try Self.run(client, .transactionHistory(transactionID: "1000000000000501", filter))
        #expect(Self.transactionIDs(items) == (1...5).map { "200000000000050\($0)" })
        #expect(items.map(\.page) == [1, 1, 2, 2, 3])
        #expect(items.allSatisfy { $0.report.verdict == .valid })
        #expect(outcome.pages == 3 && outcome.items == 5 && !outcome.hasMore && outcome.environment == .production)
        let log = try server.log(tagged)
        #expect(log.count == 3)
        let queries = log.compactMap { $0["query"] as? [String: [String]] }
        #expect(queries.map { $0["revision"] ?? [] } == [[], ["rev-1"], ["rev-2"]])
        #expect(
            queries.allSatisfy { $0["productId"] == ["pro.monthly"] && $0["sort"] == ["ASCENDING"] && $0["revoked"] == ["false"] }
        )
        #expect(
            log.allSatisfy { $0["token_problem"] is NSNull && $0["path"] as? String == "/inApps/v2/history/1000000000000501" })
        // A fresh token per request.
        #expect(Set(server.tokens).count == 3)
    }

    @Test func aLimitStopsThePagesOnceEnoughItemsCame() throws {
        let server = try Server()
        let (client, tagged, _) = try Self.client(server, "ok", environment: .production, limit: 3)
        let (items, outcome) = try Self.run(client, .transactionHistory(transactionID: "1000000000000501", .init()))
        #expect(items.count == 3 && outcome.hasMore && outcome.pages == 2)
        #expect(try server.log(tagged).count == 2)
    }

    @Test func autoAsksTheSandboxWhenProductionHasNotHeardOfTheTransaction() throws {
        let server = try Server()
        let (client, tagged, _) = try Self.client(server, "sandbox-only")
        let (items, outcome) = try Self.run(client, .transactionInfo(transactionID: "2000000000000505"))
        #expect(items.count == 1 && items[0].environment == .sandbox && items[0].report.verdict == .valid)
        #expect(outcome.environment == .sandbox && outcome.asked == [.production, .sandbox])
        #expect(outcome.exchanges.map(\.errorCode) == [4_040_010, nil])
        #expect(try server.log(tagged).compactMap { $0["environment"] as? String } == ["production", "sandbox"])
        // Asked for production only, the not-found is the answer, with its code in words.
        let (production, _, _) = try Self.client(server, "sandbox-only", environment: .production)
        #expect {
            _ = try Self.run(production, .transactionInfo(transactionID: "2000000000000505"))
        } throws: { error in
            "\(error)"
                == "Production /inApps/v1/transactions/2000000000000505 answered HTTP 404: 4040010 transaction id not found"
                && !(error as! AppStoreServerAPIFailure).isRetryable
        }
    }

    @Test func a429WaitsForRetryAfterAndA5xxIsTriedAgain() throws {
        let server = try Server()
        let (limited, _, pauses) = try Self.client(server, "rate-limited", environment: .production)
        let (items, outcome) = try Self.run(limited, .transactionInfo(transactionID: "2000000000000505"))
        #expect(items.count == 1 && pauses.all == [2] && outcome.exchanges.map(\.httpStatus) == [429, 200])
        let (failing, _, backoffs) = try Self.client(server, "server-error", environment: .production)
        let (again, _) = try Self.run(failing, .subscriptionStatuses(transactionID: "1000000000000501", statuses: [1]))
        #expect(again.count == 2 && backoffs.all == [0.5])
        let (broken, _, exponential) = try Self.client(server, "always-500", environment: .production)
        #expect {
            _ = try Self.run(broken, .transactionInfo(transactionID: "2000000000000505"))
        } throws: { error in
            "\(error)".contains("kept answering HTTP 500 (5000000 general internal error) after 4 attempt(s)")
                && (error as! AppStoreServerAPIFailure).isRetryable
        }
        #expect(exponential.all == [0.5, 1, 2])
        let (long, _, none) = try Self.client(server, "rate-limited-long", environment: .production)
        #expect {
            _ = try Self.run(long, .transactionInfo(transactionID: "2000000000000505"))
        } throws: { error in
            "\(error)".contains("Retry-After 3600 s, longer than the 60 s") && (error as! AppStoreServerAPIFailure).isRetryable
        }
        #expect(none.all.isEmpty)
    }

    @Test func unauthorizedAndApplesErrorCodesAreNamed() throws {
        let server = try Server()
        let (client, _, pauses) = try Self.client(server, "unauthorized", environment: .auto)
        #expect {
            _ = try Self.run(client, .transactionInfo(transactionID: "1"))
        } throws: { error in
            let text = "\(error)"
            return text.contains("HTTP 401") && text.contains("--key-id") && text.contains("--issuer-id")
                && text.contains("--bundle-id") && !(error as! AppStoreServerAPIFailure).isRetryable
        }
        #expect(pauses.all.isEmpty)
        let (invalid, _, _) = try Self.client(server, "invalid-id", environment: .production)
        #expect {
            _ = try Self.run(invalid, .transactionInfo(transactionID: "x"))
        } throws: { error in "\(error)".hasSuffix("answered HTTP 400: 4000006 invalid transaction id") }
    }

    @Test func aForgedItemIsInvalidWhileTheOthersStayValid() throws {
        let server = try Server()
        let (client, _, _) = try Self.client(server, "forged", environment: .production)
        let (items, _) = try Self.run(client, .transactionHistory(transactionID: "1000000000000501", .init()))
        #expect(items.map { $0.report.verdict } == [.valid, .invalid, .valid, .valid, .valid])
        #expect(items[1].report.report?.failedCheckIDs.map(\.rawValue) == ["jws.signature"])
    }

    @Test func everyOtherReadOnlyEndpointAnswersWithVerifiedItems() throws {
        let server = try Server()
        let (client, tagged, _) = try Self.client(server, "ok", environment: .production)
        let cases: [(AppStoreServerAPICall, [SignedDataKind], String)] = [
            (.subscriptionStatuses(transactionID: "1000000000000501", statuses: [1, 4]), [.transaction, .renewalInfo], "GET"),
            (.refundHistory(transactionID: "1000000000000501"), [.transaction], "GET"),
            (.orderLookup(orderID: "MK5TTTVWJH"), [.transaction], "GET"),
            (.appTransactionInfo(transactionID: "2000000000000505"), [.appTransaction], "GET"),
            (.testNotificationStatus(token: "ce3af791_1748736000000"), [.notification], "GET"),
        ]
        for (call, kinds, method) in cases {
            let (items, _) = try Self.run(client, call)
            #expect(items.map(\.report.kind) == kinds, "\(call)")
            #expect(items.allSatisfy { $0.report.verdict == .valid }, "\(call)")
            #expect(try server.log(tagged).last?["method"] as? String == method)
        }
        let statusQuery = try server.log(tagged)[0]["query"] as? [String: [String]]
        #expect(statusQuery?["status"] == ["1", "4"])
        let (none, test) = try Self.run(client, .requestTestNotification)
        #expect(none.isEmpty && test.lastAnswer["testNotificationToken"]?.scalarText?.isEmpty == false)
        #expect(try server.log(tagged).last?["method"] as? String == "POST")
    }

    @Test func theNotificationHistoryPostsItsFilterAndFollowsThePaginationToken() throws {
        let server = try Server()
        let (client, tagged, _) = try Self.client(server, "ok", environment: .production)
        var filter = AppStoreServerAPICall.NotificationFilter(startDate: 1_748_000_000_000, endDate: 1_748_736_000_000)
        filter.notificationType = "DID_RENEW"
        filter.onlyFailures = true
        let (items, outcome) = try Self.run(client, .notificationHistory(filter))
        #expect(items.count == 3 && outcome.pages == 2 && items.allSatisfy { $0.report.verdict == .valid })
        #expect(items.allSatisfy { $0.beside?["sendAttempts"]?.arrayValue?.count == 1 })
        let log = try server.log(tagged)
        #expect(log.map { $0["method"] as? String } == ["POST", "POST"])
        #expect((log[1]["query"] as? [String: [String]])?["paginationToken"] == ["page-2-token"])
        let body = log[0]["body"] as? [String: Any]
        #expect(body?["startDate"] as? Int == 1_748_000_000_000 && body?["notificationType"] as? String == "DID_RENEW")
        #expect(body?["onlyFailures"] as? Bool == true && body?["transactionId"] == nil)
        #expect(log[0]["content_type"] as? String == "application/json")
    }

    @Test func aServerThatNeverStopsPagingIsNotFollowedForever() throws {
        let server = try Server()
        let (client, _, _) = try Self.client(server, "endless", environment: .production)
        #expect {
            _ = try Self.run(client, .transactionHistory(transactionID: "1000000000000501", .init()))
        } throws: { error in "\(error)".contains("a revision already followed") }
    }

    /// The stand-in's token checks can fail: a wrong key id, another key, a wrong bundle id each get 401.
    @Test func theStandInRefusesTokensApplesWouldRefuse() throws {
        let server = try Server()
        let other = try ECDSASigningKey(
            pkcs8: Array(try Data(contentsOf: Project.url("TestVectors/jws/pki/leaf.key"))))
        let (good, _, _) = try Self.client(server, "ok", environment: .production)
        let cases: [(AppStoreServerAPIToken, ECDSASigningKey, String)] = [
            (
                AppStoreServerAPIToken(keyID: "WRONGKEY", issuerID: good.token.issuerID, bundleID: good.token.bundleID), good.key,
                "header"
            ),
            (good.token, other, "does not verify"),
            (
                AppStoreServerAPIToken(keyID: good.token.keyID, issuerID: good.token.issuerID, bundleID: "com.other"), good.key,
                "claim bid"
            ),
        ]
        for (token, key, problem) in cases {
            let tagged = "ok~\(UUID().uuidString)"
            var configuration = good.configuration
            configuration.baseURL = "http://127.0.0.1:\(server.port)/\(tagged)"
            let client = AppStoreServerAPIClient(configuration: configuration, token: token, key: key)
            #expect(throws: AppStoreServerAPIFailure.self) { _ = try Self.run(client, .transactionInfo(transactionID: "1")) }
            let logged = try server.log(tagged).first?["token_problem"] as? String
            #expect(logged?.contains(problem) == true, "\(logged ?? "nil")")
        }
    }

    @Test func plainHTTPToAnotherHostIsRefusedBeforeAnyTokenIsSent() throws {
        var configuration = AppStoreServerAPIClient.Configuration()
        configuration.baseURL = "http://example.com/api"
        let client = AppStoreServerAPIClient(
            configuration: configuration, token: AppStoreServerAPIToken(keyID: "K", issuerID: "I", bundleID: "B"),
            key: try Self.key())
        #expect {
            _ = try client.run(.transactionInfo(transactionID: "1"), verifier: try Self.verifier()) { _ in true }
        } throws: { error in "\(error)".contains("plain http is allowed only to a loopback address") }
        #expect(AppStoreServerAPICall.transactionInfo(transactionID: "1/../x?y").path == "/inApps/v1/transactions/1%2F..%2Fx%3Fy")
    }
}
