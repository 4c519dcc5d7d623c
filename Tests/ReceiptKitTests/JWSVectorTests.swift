import Foundation
import ReceiptKit
import TestSupport
import Testing

/// One entry of TestVectors/jws/expectations.json, written by hand from how make-jws-vectors.sh made each
/// attack (not from this code), read with JSONSerialization so the project's JSON code plays no part.
struct JWSAttackExpectation: @unchecked Sendable, CustomTestStringConvertible {
    /// Immutable JSONSerialization values, never mutated after loading.
    let fields: [String: Any]

    var file: String { fields["file"] as? String ?? "" }
    var twin: String { fields["twin"] as? String ?? "" }
    var fails: [String] { fields["fails"] as? [String] ?? [] }
    var verdict: String { fields["verdict"] as? String ?? "" }
    var allowXcode: Bool { fields["allow_xcode"] as? Bool ?? false }
    var nestedFails: [String: [String]] { fields["nested_fails"] as? [String: [String]] ?? [:] }
    var testDescription: String { file }

    static let all: [JWSAttackExpectation] = {
        guard let data = try? Data(contentsOf: Fixtures.testVectors.appendingPathComponent("jws/expectations.json")),
            let entries = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { return [] }
        return entries.map(JWSAttackExpectation.init(fields:))
    }()
}

/// The project's own StoreKit 2 vectors (TestVectors/jws, made by make-jws-vectors.sh with the openssl CLI):
/// each attack fails exactly its check and its twin is valid, with the test root as trust anchor.
@Suite struct JWSVectorTests {
    static let validItems = ["transaction", "renewal-info", "notification", "app-transaction"]

    /// Trusts the EC test root instead of Apple Root CA - G3.
    static func policy(allowXcode: Bool = false) throws -> VerificationPolicy {
        var policy = VerificationPolicy()
        policy.jwsAnchors = try X509Certificate.load(try Fixtures.testVector("jws/pki/root.pem")).map {
            TrustAnchor(certificate: $0, source: "jws/pki/root.pem")
        }
        policy.allowXcode = allowXcode
        return policy
    }

    static func jws(_ relativePath: String) throws -> CompactJWS {
        let (input, document) = try ReceiptDecoder.decode(try Fixtures.testVector("jws/" + relativePath))
        #expect(input.kindName == "storekit2_jws")
        guard case .jws(let jws) = document else { throw Failure("\(relativePath) is not a JWS") }
        return jws
    }

    static func body(_ relativePath: String) throws -> SignedDataBody {
        let input = try InputDecoder.decode(try Fixtures.testVector("jws/bodies/" + relativePath))
        switch input.payload {
        case .signedDataBody(let body): return body
        case .jws(let token):
            // Single-item bodies are unwrapped to their JWS by the input layer; recognised here again.
            let object = try #require(try JSONParser.parse(try Fixtures.testVector("jws/bodies/" + relativePath)).objectValue)
            #expect(input.layers == ["json-body", "jws"])
            let body = try #require(try SignedDataBody.recognise(object))
            #expect(body.items.first?.token == token)
            return body
        default: throw Failure("\(relativePath) is not a signed-data body")
        }
    }

    @Test("the attack table is complete")
    func tableIsComplete() throws {
        let files = try FileManager.default.contentsOfDirectory(
            atPath: Fixtures.testVectors.appendingPathComponent("jws/attacks").path)
        #expect(Set(JWSAttackExpectation.all.map(\.file)) == Set(files.map { "attacks/" + $0 }))
        #expect(JWSAttackExpectation.all.count == 16)
        #expect(Set(JWSAttackExpectation.all.map(\.file)).count == JWSAttackExpectation.all.count)
    }

    @Test("attack fails exactly its check and its twin is valid", arguments: JWSAttackExpectation.all)
    func attackAndTwin(expectation: JWSAttackExpectation) throws {
        let verifier = SignedDataVerifier(policy: try Self.policy(allowXcode: expectation.allowXcode))
        let attack = verifier.verify(try Self.jws(expectation.file))
        let twin = verifier.verify(try Self.jws(expectation.twin))

        #expect(attack.report?.failedCheckIDs.map(\.rawValue) == expectation.fails)
        #expect(attack.verdict?.rawValue == expectation.verdict)
        #expect(attack.report?.checks.map(\.id) == CheckID.jwsChecks)
        #expect(twin.verdict == .valid, "\(twin.allItems.compactMap(\.report).flatMap(\.failedCheckIDs))")
        #expect(twin.report?.failedCheckIDs == [])
        for (path, fails) in expectation.nestedFails {
            let nested = try #require(attack.nested.first { $0.path == path })
            #expect(nested.report?.failedCheckIDs.map(\.rawValue) == fails, "\(path)")
            let twinNested = try #require(twin.nested.first { $0.path == path })
            #expect(twinNested.verdict == .valid, "\(path)")
        }
        // The attack's own payload differs from its twin's only where the attack says it does.
        let attackToken = try Self.jws(expectation.file)
        let twinToken = try Self.jws(expectation.twin)
        if expectation.fails != ["jws.signature"], expectation.nestedFails.isEmpty, !expectation.allowXcode {
            #expect(attackToken.payload == twinToken.payload)
        }
    }

    @Test("the attacks that must fail with Apple's pinned root fail there too", arguments: JWSAttackExpectation.all)
    func attacksFailWithPinnedRoot(expectation: JWSAttackExpectation) throws {
        let report = SignedDataVerifier(policy: VerificationPolicy()).verify(try Self.jws(expectation.file))
        #expect(report.verdict != .valid)
        #expect(report.report?.checks.first { $0.id == CheckID.chainAnchor }?.status == .fail)
    }

    @Test("valid items verify with the test root and are untrusted with Apple's", arguments: validItems)
    func validItem(name: String) throws {
        let token = try Self.jws("valid/\(name).jws")
        let report = JWSVerifier(policy: try Self.policy()).verify(token)
        #expect(report.verdict == .valid, "\(report.failedCheckIDs)")
        #expect(report.verificationTime == Timestamp(milliseconds: 1_748_736_000_000))
        #expect(report.verificationTimeSource == .payload(name == "app-transaction" ? "receiptCreationDate" : "signedDate"))
        #expect(report.certificates.map(\.role) == ["leaf", "intermediate", "root"])
        let pinned = JWSVerifier(policy: VerificationPolicy()).verify(token)
        #expect(pinned.verdict == .untrusted)
        #expect(pinned.failedCheckIDs == [CheckID.chainAnchor])
    }

    @Test("payload kinds are told from their fields")
    func kinds() throws {
        let expected: [String: SignedDataKind] = [
            "transaction": .transaction, "renewal-info": .renewalInfo, "notification": .notification,
            "app-transaction": .appTransaction,
        ]
        for (name, kind) in expected {
            #expect(SignedDataKind(payload: try Self.jws("valid/\(name).jws").payload) == kind, "\(name)")
        }
    }

    @Test("the Xcode-shaped item is untrusted by default and valid with allow-xcode")
    func xcodeShape() throws {
        let token = try Self.jws("valid/xcode-transaction.jws")
        #expect(JWSVerifier(policy: try Self.policy()).verify(token).failedCheckIDs == [CheckID.chainAnchor])
        let allowed = JWSVerifier(policy: try Self.policy(allowXcode: true)).verify(token)
        #expect(allowed.verdict == .valid)
        #expect(allowed.certificates.map(\.role) == ["leaf (self-signed)"])
    }

    @Test("a notification and its nested items each get a report")
    func notificationTree() throws {
        let tree = SignedDataVerifier(policy: try Self.policy()).verify(try Self.jws("valid/notification.jws"))
        #expect(tree.kind == .notification)
        #expect(tree.nested.map(\.path) == ["data.signedTransactionInfo", "data.signedRenewalInfo"])
        #expect(tree.nested.map(\.kind) == [.transaction, .renewalInfo])
        #expect(tree.allItems.map(\.verdict) == [.valid, .valid, .valid])
        // Decoding alone gives the same tree without reports.
        let decoded = SignedDataDecoder.decode(try Self.jws("valid/notification.jws"))
        #expect(decoded.nested.count == 2)
        #expect(decoded.verdict == nil)
        #expect(decoded.allItems.allSatisfy { $0.report == nil })
    }

    @Test("requested payload fields pass or fail on what the payload says")
    func fieldChecks() throws {
        var policy = try Self.policy()
        policy.bundleIDs = ["com.example.appreceipt.storekit"]
        policy.environment = .production
        policy.appAppleID = 1_234_567_890
        let verifier = SignedDataVerifier(policy: policy)
        let notification = verifier.verify(try Self.jws("valid/notification.jws"))
        #expect(notification.verdict == .valid)
        let own = try #require(notification.report)
        #expect(own.checks.first { $0.id == CheckID.payloadBundleID }?.detail.description.contains("data.bundleId") == true)
        #expect(own.checks.first { $0.id == CheckID.payloadAppAppleID }?.status == .pass)
        // Transactions and renewal infos carry no appAppleId; renewal infos no bundleId.
        let renewal = try #require(notification.nested.last?.report)
        #expect(renewal.checks.first { $0.id == CheckID.payloadBundleID }?.status == .skip)
        #expect(renewal.checks.first { $0.id == CheckID.payloadAppAppleID }?.status == .skip)

        policy.bundleIDs = ["com.example.other"]
        policy.environment = .sandbox
        policy.appAppleID = 1
        let wrong = SignedDataVerifier(policy: policy).verify(try Self.jws("valid/notification.jws"))
        #expect(wrong.report?.failedCheckIDs == [CheckID.payloadBundleID, CheckID.payloadEnvironment, CheckID.payloadAppAppleID])
        #expect(wrong.nested.first?.report?.failedCheckIDs == [CheckID.payloadBundleID, CheckID.payloadEnvironment])
        #expect(wrong.verdict == .invalid)
    }

    @Test("an explicit verification time overrides signedDate and is reported")
    func explicitTime() throws {
        var policy = try Self.policy()
        policy.verificationTime = Timestamp(milliseconds: 1_900_000_000_000)  // 2030: the leaf expired in 2027
        policy.verificationTimeSource = .given
        let report = JWSVerifier(policy: policy).verify(try Self.jws("valid/transaction.jws"))
        #expect(report.failedCheckIDs == [CheckID.chainValidity])
        #expect(report.verificationTimeSource == .given)
    }

    @Test(
        "App Store Server API bodies are recognised with every signed item",
        arguments: [
            ("all-subscription-statuses.json", SignedDataBody.Kind.subscriptionStatuses, 10),
            ("all-subscription-statuses-with-forged-item.json", .subscriptionStatuses, 11),
            ("transaction-history.json", .transactionHistory, 2),
            ("refund-history.json", .refundHistory, 1),
            ("transaction-info.json", .transactionInfo, 1),
            ("notification-body.json", .notification, 1),
        ])
    func bodies(file: String, kind: SignedDataBody.Kind, count: Int) throws {
        let body = try Self.body(file)
        #expect(body.kind == kind)
        #expect(body.items.count == count)
        let report = SignedDataVerifier(policy: try Self.policy()).verify(body)
        let expected: Verdict = file.contains("forged") ? .invalid : .valid
        #expect(report.verdict == expected)
        if kind == .notification {
            #expect(report.items.first?.nested.count == 2)
        }
    }

    @Test("the forged status item fails exactly jws.signature and nothing else does")
    func forgedStatusItem() throws {
        let report = SignedDataVerifier(policy: try Self.policy()).verify(
            try Self.body("all-subscription-statuses-with-forged-item.json"))
        let failing = report.items.filter { $0.verdict != .valid }
        #expect(failing.map(\.path) == ["data[1].lastTransactions[2].signedTransactionInfo"])
        #expect(failing.first?.report?.failedCheckIDs == [CheckID.jwsSignature])
        #expect(failing.first?.appleStatus == 1)
    }

    @Test("Get All Subscription Statuses gives the states Apple's status codes name")
    func subscriptionStatuses() throws {
        for file in ["all-subscription-statuses.json", "all-subscription-statuses-with-forged-item.json"] {
            let report = SignedDataVerifier(policy: try Self.policy()).verify(try Self.body(file))
            let source = StoreKitSubscriptionInputs(report)
            #expect(source.inputs.transactions.count == 5, "\(file)")
            #expect(source.inputs.renewals.count == 5)
            #expect(source.inputs.defaultTime == Timestamp(milliseconds: 1_748_736_000_000))
            #expect(source.inputs.sandbox == false)
            #expect(source.excluded.count == (file.contains("forged") ? 1 : 0))
            #expect(source.appleStatuses.map(\.status).sorted() == [1, 2, 3, 4, 5])

            let time = try #require(source.inputs.defaultTime)
            let result = SubscriptionEvaluator(at: time, sandbox: source.inputs.sandbox)
                .evaluate(transactions: source.inputs.transactions, renewals: source.inputs.renewals)
            #expect(result.subscriptions.count == 5)
            for apple in source.appleStatuses {
                let computed = result.subscriptions.first { $0.originalTransactionID == apple.originalTransactionID }
                #expect(computed?.state == apple.state, "\(apple.originalTransactionID): Apple \(apple.status)")
            }
            #expect(!result.subscriptions.contains { $0.productID == "sub.forged" })
        }
    }

    @Test("a notification gives one subscription with its signed status")
    func notificationSubscription() throws {
        let report = SignedDataVerifier(policy: try Self.policy()).verify(try Self.jws("valid/notification.jws"))
        let source = StoreKitSubscriptionInputs(report)
        #expect(source.inputs.transactions.count == 1)
        #expect(source.inputs.renewals.count == 1)
        #expect(source.appleStatuses.map(\.signed) == [true])
        let time = try #require(source.inputs.defaultTime)
        let result = SubscriptionEvaluator(at: time, sandbox: false)
            .evaluate(transactions: source.inputs.transactions, renewals: source.inputs.renewals)
        #expect(result.subscriptions.map(\.state) == [.active])
        #expect(result.subscriptions.first?.autoRenew == true)
    }

    @Test("a notification with a forged nested transaction counts only what verified")
    func forgedNestedNotCounted() throws {
        let report = SignedDataVerifier(policy: try Self.policy()).verify(
            try Self.jws("attacks/notification-with-bad-nested-transaction.jws"))
        let source = StoreKitSubscriptionInputs(report)
        #expect(source.inputs.transactions.isEmpty)
        #expect(source.inputs.renewals.count == 1)
        #expect(source.excluded.map(\.path) == ["data.signedTransactionInfo"])
        #expect(source.inputs.explanations.contains { $0.contains("data.signedTransactionInfo: invalid (jws.signature)") })
        #expect(source.appleStatuses.isEmpty)
    }

    @Test("transaction history maps offers and product types to verifyReceipt's names")
    func historyMapping() throws {
        let report = SignedDataVerifier(policy: try Self.policy()).verify(try Self.body("transaction-history.json"))
        let source = StoreKitSubscriptionInputs(report)
        let trial = try #require(source.inputs.transactions.first { $0.transactionID == "2000000000000202" })
        #expect(trial.isTrialPeriod == true)
        #expect(trial.isInIntroOfferPeriod == false)
        #expect(trial.productType == 3)
        #expect(trial.originalTransactionID == "1000000000000202")
        #expect(trial.expiresDate == Timestamp(milliseconds: 1_751_328_000_000))
        let refunds = StoreKitSubscriptionInputs(
            SignedDataVerifier(policy: try Self.policy()).verify(try Self.body("refund-history.json")))
        #expect(refunds.inputs.transactions.first?.cancellationDate == Timestamp(milliseconds: 1_748_649_600_000))
        #expect(refunds.inputs.transactions.first?.cancellationReason == "0")
    }

    @Test("JSON keeps Apple's keys and adds RFC 3339 dates beside them")
    func json() throws {
        let tree = SignedDataVerifier(policy: try Self.policy()).verify(try Self.jws("valid/notification.jws"))
        let object = try #require(try rendered { tree.write(to: &$0, .library) }.objectValue)
        #expect(object["verdict"] == .string("valid"))
        #expect(object["item_verdict"] == .string("valid"))
        let jws = try #require(object["jws"])
        #expect(jws["payload"]?["signedDate"] == .number("1748736000000"))
        #expect(jws["dates"]?["signedDate"] == .string("2025-06-01T00:00:00Z"))
        #expect(jws["header"]?["alg"] == .string("ES256"))
        #expect(jws["certificates"]?.arrayValue?.count == 3)
        let nested = try #require(object["nested"]?.arrayValue?.first)
        #expect(nested["jws"]?["dates"]?["expiresDate"] == .string("2025-07-01T00:00:00Z"))
        #expect(nested["checks"]?.arrayValue?.count == CheckID.jwsChecks.count)

        let bodyReport = SignedDataVerifier(policy: try Self.policy()).verify(try Self.body("all-subscription-statuses.json"))
        let body = try rendered { bodyReport.write(to: &$0, .library) }
        #expect(body["body"]?["unsigned"]?["bundleId"] == .string("com.example.appreceipt.storekit"))
        let entry = body["body"]?["unsigned"]?["data"]?.arrayValue?.first?["lastTransactions"]?.arrayValue?.first
        #expect(entry?["status"] == .number("1"))
        #expect(entry?["signedTransactionInfo"] == nil)
        #expect(body["items"]?.arrayValue?.first?["apple_status"]?["meaning"] == .string("active"))
    }
}
