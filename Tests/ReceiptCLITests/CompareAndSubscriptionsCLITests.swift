import Foundation
import TestSupport
import Testing

@Suite struct CompareAndSubscriptionsCLITests {
    @Test func compareWithASavedResponse() throws {
        let same = try BinaryRunner.run([
            "compare", "--response", "TestVectors/responses/one-inapp.json", "TestVectors/receipts/one-inapp.der",
        ])
        #expect(same.status == 0, "\(same.stderr)")
        let edited = try BinaryRunner.run([
            "compare", "--compact", "--response", "TestVectors/responses/one-inapp-edited-bundle.json",
            "TestVectors/receipts/one-inapp.der",
        ])
        #expect(edited.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(edited.stdout.utf8)) as? [String: Any])
        let differences = json["differences"] as? [[String: Any]] ?? []
        #expect(differences.map { $0["path"] as? String } == ["receipt.bundle_id"])
        #expect(differences.first?["kind"] as? String == "mismatch")
        let text = try BinaryRunner.run([
            "compare", "--format", "text", "--response", "TestVectors/responses/one-inapp-edited-bundle.json",
            "TestVectors/receipts/one-inapp.der",
        ])
        #expect(text.stdout.contains("agreement          DISAGREE"))
        #expect(text.stdout.contains("receipt.bundle_id"))
    }

    @Test func compareRefusesAResponseThatIsNotOne() throws {
        let result = try BinaryRunner.run([
            "compare", "--response", "TestVectors/receipts/one-inapp.b64", "TestVectors/receipts/one-inapp.der",
        ])
        #expect(result.status == 65)
        #expect(result.stderr.contains("invalid JSON"))
    }

    @Test func subscriptionsTextShowsStateTrailAndAutoRenew() throws {
        let result = try BinaryRunner.run([
            "subscriptions", "--format", "text", "TestVectors/responses/subscriptions/grace-period.json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("in_grace_period"))
        #expect(result.stdout.contains("grace_period_expires_date"))
        #expect(result.stdout.contains("expiration_intent 2: billing error"))
    }

    @Test func subscriptionsFromAReceiptSayWhatItCannotKnow() throws {
        let result = try BinaryRunner.run(["subscriptions", "--compact", "TestVectors/receipts/one-inapp.b64"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["cannot_know"] as? [String])?.isEmpty == false)
        #expect((json["at"] as? [String: Any])?["source"] as? String == "receipt_creation_date")
    }

    @Test func periodsComeFromOptionsOrAFile() throws {
        let folder = try TemporaryDirectory("periods")
        let file = URL(fileURLWithPath: try folder.write("periods.txt", "# terms\ncom.example.season=P1M\n"))
        for extra in [["--period", "com.example.season=P1M"], ["--periods", file.path]] {
            let result = try BinaryRunner.run(
                ["subscriptions", "--compact", "--at", "2024-05-10T00:00:00Z"] + extra
                    + ["TestVectors/responses/subscriptions/non-renewing.json"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("\"overlap\":true"))
        }
        let bad = try BinaryRunner.run([
            "subscriptions", "--period", "season=1 month", "TestVectors/responses/subscriptions/non-renewing.json",
        ])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("is not an ISO 8601 duration"))
    }

    @Test func anIOS6ResponseWithoutRequestDateNeedsATime() throws {
        let path = "TestVectors/responses/subscriptions/ios6-21006.json"
        let without = try BinaryRunner.run(["subscriptions", path])
        #expect(without.status == 64)
        #expect(without.stderr.contains("give --at"))
        let with = try BinaryRunner.run(["subscriptions", "--format", "text", "--at", "2024-03-15T00:00:00Z", path])
        #expect(with.status == 0)
        #expect(with.stdout.contains("status 21006"))
    }
}
