import Foundation
import ReceiptCLI
import Testing

/// `--at` takes every form the tool prints a date in, and `--environment` any case (issue 11, point 6).
@Suite struct CommandLineTimeTests {
    static let response = "TestVectors/responses/subscriptions/billing-retry.json"

    /// The instant `subscriptions` evaluated at for `--at value`, as RFC 3339.
    static func evaluatedAt(_ value: String) throws -> String? {
        let console = BufferConsole()
        let status = console.run("subscriptions", "--compact", "--at", value, response)
        try #require(status == 0, "--at '\(value)': \(console.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(console.out.utf8)) as? [String: Any])
        return (json["at"] as? [String: Any])?["time"] as? String
    }

    @Test(arguments: [
        "2020-07-22T17:39:08Z", "2020-07-22 17:39:08 Etc/GMT", "2020-07-22 10:39:08 America/Los_Angeles", "1595439548000",
    ])
    func everyPrintedFormNamesTheSameInstant(value: String) throws {
        #expect(try Self.evaluatedAt(value) == "2020-07-22T17:39:08Z")
    }

    @Test func pacificTimeFollowsDaylightSavingBothWays() throws {
        #expect(try Self.evaluatedAt("2024-01-15 04:00:00 America/Los_Angeles") == "2024-01-15T12:00:00Z")
        #expect(try Self.evaluatedAt("2024-11-03 00:59:59 America/Los_Angeles") == "2024-11-03T07:59:59Z")
        #expect(try Self.evaluatedAt("2024-11-03 02:00:00 America/Los_Angeles") == "2024-11-03T10:00:00Z")
        #expect(try Self.evaluatedAt("1595439548123") == "2020-07-22T17:39:08.123Z")
    }

    @Test(arguments: [
        ("2024-11-03 01:30:00 America/Los_Angeles", "happens twice"),
        ("2024-03-10 02:30:00 America/Los_Angeles", "no such time"),
        ("2024-02-31 12:00:00 Etc/GMT", "day 31 does not exist"),
        ("2024-02-29 23:59:60 America/Los_Angeles", "no leap seconds"),
        ("99999999999999999999", "fits in 64 bits"),
        ("253402300800000", "supported range"),
        ("2020-07-22 17:39:08 Europe/Paris", "time zone"),
    ])
    func timesThatNameNoSingleInstantAreUsageErrors(value: String, reason: String) {
        let console = BufferConsole()
        #expect(console.run("subscriptions", "--at", value, Self.response) == 64)
        #expect(console.err.contains(reason), "\(console.err)")
        #expect(console.err.contains("milliseconds since 1970"))
    }

    @Test func environmentIsCaseInsensitive() {
        for spelling in ["sandbox", "SANDBOX", "Sandbox"] {
            let console = BufferConsole()
            #expect(
                console.run("verify", "--format", "text", "--environment", spelling, "TestVectors/receipts/one-inapp.b64") == 1)
            #expect(console.out.contains("[FAIL] receipt.environment"), "\(spelling): \(console.err)")
        }
        let production = BufferConsole()
        _ = production.run("verify", "--format", "text", "--environment", "production", "TestVectors/receipts/one-inapp.b64")
        #expect(production.out.contains("[pass] receipt.environment"))
        let wrong = BufferConsole()
        #expect(wrong.run("verify", "--environment", "prod", "TestVectors/receipts/one-inapp.b64") == 64)
    }
}
