import Foundation
import TestSupport
import Testing

@testable import ReceiptAudit
@testable import ReceiptKit

/// The typed StoreKit 2 models read every JWS the project has into Apple's documented fields: the project's own
/// vectors against the literal values TestVectors/make-jws-vectors.sh signs, the shared corpus against its
/// manifest (established outside this code); unknown values and fields are kept, wrong JSON types are reported.
@Suite struct StoreKitModelTests {
    static let bundle = "com.example.appreceipt.storekit"
    static let signed = Timestamp(milliseconds: 1_748_736_000_000)
    static let purchased = Timestamp(milliseconds: 1_748_649_600_000)
    static let expires = Timestamp(milliseconds: 1_751_328_000_000)
    static let original = Timestamp(milliseconds: 1_717_200_000_000)

    static func parse(_ json: String) throws -> JSONValue { try JSONParser.parse(Array(json.utf8)) }

    @Test func theOwnTransactionReadsAsSigned() throws {
        let jws = try JWSVectorTests.jws("valid/transaction.jws")
        let model = try #require(jws.storeKit.transaction)
        #expect(model.transactionID == "2000000000000001" && model.originalTransactionID == "1000000000000001")
        #expect(model.webOrderLineItemID == "3000000000000001" && model.bundleID == Self.bundle)
        #expect(model.productID == "pro.monthly" && model.subscriptionGroupIdentifier == "21000001")
        #expect(model.purchaseDate == Self.purchased && model.originalPurchaseDate == Self.original)
        #expect(model.expiresDate == Self.expires && model.signedDate == Self.signed && model.revocationDate == nil)
        #expect(model.quantity == 1 && model.type == .autoRenewableSubscription && model.inAppOwnershipType == .purchased)
        #expect(model.environment == .production && model.transactionReason == .renewal)
        #expect(model.storefront == "USA" && model.storefrontID == "143441" && model.price == 9990 && model.currency == "USD")
        #expect(model.offerType == nil && model.isUpgraded == nil && model.mismatches.isEmpty && model.unknownFields.isEmpty)
        #expect(jws.storeKit.raw == jws.payload)
    }

    @Test func theOwnRenewalInfoAndAppTransactionReadAsSigned() throws {
        let renewal = try #require(try JWSVectorTests.jws("valid/renewal-info.jws").storeKit.renewalInfo)
        #expect(renewal.originalTransactionID == "1000000000000001" && renewal.autoRenewProductID == "pro.monthly")
        #expect(renewal.productID == "pro.monthly" && renewal.autoRenewStatus == 1 && renewal.signedDate == Self.signed)
        #expect(renewal.environment == .production && renewal.recentSubscriptionStartDate == Self.original)
        #expect(renewal.renewalDate == Self.expires && renewal.mismatches.isEmpty && renewal.unknownFields.isEmpty)

        guard case .appTransaction(let app) = try JWSVectorTests.jws("valid/app-transaction.jws").storeKit else {
            throw Failure("app-transaction.jws is not read as an AppTransaction")
        }
        #expect(app.receiptType == .production && app.appAppleID == 1_234_567_890 && app.bundleID == Self.bundle)
        #expect(app.applicationVersion == "42" && app.versionExternalIdentifier == 0 && app.originalApplicationVersion == "1")
        #expect(app.receiptCreationDate == Self.signed && app.requestDate == Self.signed)
        #expect(app.originalPurchaseDate == Self.original && app.appTransactionID == "704000000000000001")
        #expect(app.originalPlatform == "iOS" && app.mismatches.isEmpty && app.unknownFields.isEmpty)
    }

    @Test func theOwnNotificationReadsItsDataSection() throws {
        let notification = try #require(try JWSVectorTests.jws("valid/notification.jws").storeKit.notification)
        #expect(notification.notificationType == .didRenew && notification.subtype == nil)
        #expect(notification.notificationUUID == "0f6c2a8e-4b1d-4e57-9a3c-7d2e5b9f1a04" && notification.version == "2.0")
        #expect(notification.signedDate == Self.signed && notification.mismatches.isEmpty)
        let section = try #require(notification.section)
        #expect(section.kind == .data && section.appAppleID == 1_234_567_890 && section.bundleID == Self.bundle)
        #expect(section.bundleVersion == "42" && section.environment == .production && section.status == 1)
        #expect(section.signedTransactionInfo == (try JWSVectorTests.jws("valid/transaction.jws")).token)
        #expect(section.signedRenewalInfo == (try JWSVectorTests.jws("valid/renewal-info.jws")).token)
        let facts = SignedPayloadFacts(.notification(notification))
        #expect(facts.bundleID?.path == "data.bundleId" && facts.environment?.path == "data.environment")
    }

    /// Every JWS the project signs decodes into the model of the kind its fields show, keeping the payload as signed.
    @Test func everyProjectVectorDecodesIntoItsKind() throws {
        let root = Fixtures.testVectors.appendingPathComponent("jws")
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "jws" }
        #expect(files.count >= 20)
        for file in files {
            guard case .jws(let jws)? = try? ReceiptDecoder.decode(try Fixtures.bytes(file)).1 else { continue }
            #expect(jws.storeKit.kind == SignedDataKind(payload: jws.payload), "\(file.lastPathComponent)")
            #expect(jws.storeKit.raw == jws.payload, "\(file.lastPathComponent)")
        }
    }

    @Test(
        "the corpus's JWS read as its manifest says",
        .requires(Corpus.present))
    func everyCorpusJWSMatchesItsManifest() throws {
        let kinds: [String: SignedDataKind] = [
            "notification-v2": .notification, "transaction": .transaction, "renewal-info": .renewalInfo,
            "app-transaction": .appTransaction,
        ]
        for entry in try ManifestEntry.jws() {
            let jws = try SharedVectorJWSTests().jws(entry)
            let model = jws.storeKit
            if case .unknown(let untyped) = model {
                // Apple's library tests sign only the shared fields, which name no kind.
                #expect(Set((untyped.raw.objectValue ?? [:]).keys).isSubset(of: ["environment", "bundleId", "signedDate"]))
            } else {
                #expect(model.kind == kinds[entry.jws_type ?? ""], "\(entry.file)")
            }
            #expect(model.signedDate == entry.signedDate.map { Timestamp(milliseconds: Int64($0.rounded(.down))) })
            let facts = SignedPayloadFacts(model)
            #expect(facts.environment?.value.rawValue ?? "unknown" == entry.environment, "\(entry.file)")
            #expect(facts.bundleID?.value == entry.bundle_id, "\(entry.file)")
            #expect(model.notification?.notificationType?.rawValue == entry.notificationType, "\(entry.file)")
        }
    }

    @Test func unknownValuesAndFieldsAreKeptAsSigned() throws {
        let json = #"{"transactionId":"1","environment":"Staging","type":"Bundle","revocationReason":7,"future":{"a":[1]}}"#
        let model = JWSTransaction(try Self.parse(json))
        #expect(model.environment?.rawValue == "Staging" && model.environment != .production)
        #expect(model.type?.rawValue == "Bundle" && model.revocationReason?.rawValue == 7)
        #expect(model.unknownFields == ["future": try Self.parse(#"{"a":[1]}"#)] && model.mismatches.isEmpty)
        #expect(model.raw == (try Self.parse(json)))
        let notification = StoreKitNotification(try Self.parse(#"{"notificationType":"NEW_KIND","data":{},"extra":1}"#))
        #expect(notification.notificationType?.rawValue == "NEW_KIND" && notification.unknownFields == ["extra": .integer(1)])
    }

    /// Apple signs numbers as numbers: a string there is reported, not read as the number it spells.
    @Test func aWrongTypedFieldIsReported() throws {
        let json = #"{"transactionId":"1","price":"9990","offerType":"1","isUpgraded":"true","purchaseDate":"1748649600000"}"#
        let model = JWSTransaction(try Self.parse(json))
        #expect(model.price == nil && model.offerType == nil && model.isUpgraded == nil)
        #expect(
            model.mismatches.map(\.description).sorted() == [
                "isUpgraded is not a boolean", "offerType is not a whole number", "price is not a whole number",
                "purchaseDate is not a date in milliseconds",
            ])
        #expect(TransactionFacts.offerFlags(model) == (false, false))
        let numericID = JWSTransaction(try Self.parse(#"{"transactionId":2000000000000001}"#))
        #expect(numericID.transactionID == nil && numericID.mismatches.map(\.path) == ["transactionId"])
        let notification = StoreKitNotification(
            try Self.parse(#"{"notificationType":"TEST","data":{"appAppleId":"12"},"summary":{"bundleId":"x"}}"#))
        #expect(notification.section?.kind == .data && notification.section?.appAppleID == nil)
        #expect(notification.mismatches.map(\.path) == ["data.appAppleId", "summary"])
    }

    @Test func aNotificationsFactsComeFromItsOneSection() throws {
        let external =
            #"{"notificationType":"EXTERNAL_PURCHASE_TOKEN","externalPurchaseToken":"#
            + #"{"externalPurchaseId":"SANDBOX_1","bundleId":"b","appAppleId":5}}"#
        let facts = SignedPayloadFacts(payload: try Self.parse(external))
        #expect(facts.environment?.value == .sandbox && facts.environment?.path == "externalPurchaseToken.externalPurchaseId")
        #expect(facts.bundleID?.path == "externalPurchaseToken.bundleId" && facts.appAppleID?.value == 5)
        let appData = #"{"notificationType":"X","appData":{"bundleId":"a","environment":"Sandbox","appAppleId":9}}"#
        let appFacts = SignedPayloadFacts(payload: try Self.parse(appData))
        #expect(appFacts.bundleID?.path == "appData.bundleId" && appFacts.environment?.value == .sandbox)
    }
}
