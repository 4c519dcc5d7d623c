import Foundation
import ReceiptCLI
import TestSupport
import Testing

/// A pending_renewal_info entry without `original_transaction_id` is kept in view and said to lack it, never
/// dropped while the report claims there is no pending renewal info (issue 11, point 11).
@Suite struct PendingRenewalTests {
    static let billingRetry = "TestVectors/responses/subscriptions/billing-retry.json"

    /// billing-retry.json with its pending renewal entries edited, written into `folder`.
    static func response(in folder: TemporaryDirectory, editingRenewals edit: ([[String: Any]]) -> [[String: Any]])
        throws -> URL
    {
        let original = Project.root.appendingPathComponent(billingRetry)
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: original)) as? [String: Any])
        json["pending_renewal_info"] = edit(try #require(json["pending_renewal_info"] as? [[String: Any]]))
        return URL(fileURLWithPath: try folder.write("renewal.json", bytes: try JSONSerialization.data(withJSONObject: json)))
    }

    static func subscriptions(_ file: URL) throws -> (item: [String: Any], explanations: [String]) {
        let console = BufferConsole()
        try #require(console.run("subscriptions", "--compact", file.path) == 0, "\(console.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(console.out.utf8)) as? [String: Any])
        let item = try #require((json["items"] as? [[String: Any]])?.first)
        return (item, json["explanations"] as? [String] ?? [])
    }

    @Test func anEntryWithoutItsOriginalTransactionIsKeptInViewNotApplied() throws {
        let folder = try TemporaryDirectory("renewal")
        let file = try Self.response(in: folder) { renewals in
            renewals.map {
                var entry = $0
                entry["original_transaction_id"] = nil
                return entry
            }
        }
        let (item, explanations) = try Self.subscriptions(file)
        // Apple keys pending renewal info by original transaction (receipt-format.md §6.7): without the key the
        // entry is not applied, as Tests/Expectations derives for the corpus file with such an entry.
        #expect(item["state"] as? String == "expired")
        #expect(item["auto_renew"] is NSNull)
        let trail = item["trail"] as? [String] ?? []
        #expect(
            trail.contains {
                $0.hasSuffix(
                    "pending_renewal_info[0] for this product has no original_transaction_id, so it is not applied to this subscription"
                )
            }, "\(trail)")
        #expect(!trail.contains { $0.contains("no pending_renewal_info to say more") })
        #expect(
            explanations.contains {
                $0.hasPrefix(
                    "pending_renewal_info[0] has no original_transaction_id, so it is not tied to any subscription; it says "
                        + "product_id com.example.subs.monthly, auto_renew_product_id com.example.subs.monthly, auto_renew_status 1, "
                        + "expiration_intent 2, is_in_billing_retry_period 1")
            }, "\(explanations)")
    }

    @Test func anEntryWithoutOriginalTransactionOrProductIsStillNamed() throws {
        let folder = try TemporaryDirectory("renewal")
        let file = try Self.response(in: folder) { renewals in
            renewals.map {
                var entry = $0
                entry["original_transaction_id"] = nil
                entry["product_id"] = nil
                return entry
            }
        }
        let (item, explanations) = try Self.subscriptions(file)
        #expect(item["state"] as? String == "expired")
        #expect((item["trail"] as? [String] ?? []).contains { $0.hasSuffix("no pending_renewal_info entry for it") })
        #expect(
            explanations.contains {
                $0.hasPrefix("pending_renewal_info[0] has no original_transaction_id") && $0.contains("auto_renew_status 1")
            })
    }
}
