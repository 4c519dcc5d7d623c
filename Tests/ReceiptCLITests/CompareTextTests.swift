import Foundation
import ReceiptCLI
import TestSupport
import Testing

/// `compare` for people and for scripts (issue 11, point 5): short lines per difference and per transaction only
/// one side has, options that mean nothing with a saved response refused, and `--response -` read from stdin.
@Suite struct CompareTextTests {
    static let receipt = "TestVectors/receipts/many-inapp-200.b64"

    /// Apple's answer for the 200-purchase receipt with only its first purchase left, one purchase Apple alone
    /// knows, and a bundle id far longer than any column, written into `folder`.
    static func editedResponse(in folder: TemporaryDirectory) throws -> URL {
        let original = Project.root.appendingPathComponent("TestVectors/responses/many-inapp-200.json")
        var response = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: original)) as? [String: Any])
        var receipt = try #require(response["receipt"] as? [String: Any])
        var purchases = try #require(receipt["in_app"] as? [[String: Any]])
        var extra = purchases[0]
        extra["transaction_id"] = "1999999999999999"
        extra["product_id"] = "com.example.appreceipt.only.at.apple"
        purchases = [purchases[0], extra]
        receipt["in_app"] = purchases
        receipt["bundle_id"] = "com.example." + String(repeating: "long", count: 100)
        response["receipt"] = receipt
        return URL(fileURLWithPath: try folder.write("compare.json", bytes: try JSONSerialization.data(withJSONObject: response)))
    }

    @Test func textShowsEachDifferenceAndTransactionOnOneShortLine() throws {
        let folder = try TemporaryDirectory("compare")
        let response = try Self.editedResponse(in: folder)
        let console = BufferConsole()
        #expect(console.run("compare", "--format", "text", "--response", response.path, Self.receipt) == 1)
        let lines = console.out.split(separator: "\n").map(String.init)
        // The widest line holds a shortened value, never a whole in-app entry.
        let widest = lines.map(\.count).max() ?? 0
        #expect(widest <= 160, "\(lines.first { $0.count == widest } ?? "")")
        #expect(!console.out.contains("{\""), "no JSON objects in the text")
        let bundle = try #require(lines.first { $0.hasPrefix("  receipt.bundle_id ") })
        #expect(bundle.contains("\"com.example.appreceipt.many\""))
        #expect(bundle.contains("…"))
        #expect(lines.contains("only in the receipt (199), dates in UTC"))
        let second = try #require(lines.first { $0.hasPrefix("  1000000000000002 ") })
        #expect(second.contains("com.example.appreceipt.coins.100"))
        #expect(second.contains("purchased 2024-01-01 "))
        #expect(lines.contains("only in Apple's receipt object (1), dates in UTC"))
        #expect(lines.contains { $0.hasPrefix("  1999999999999999 ") && $0.contains("com.example.appreceipt.only.at.apple") })
        #expect(lines.contains { $0.hasPrefix("agreement          DISAGREE: 1 field(s) differ, 199 transaction(s)") })
    }

    @Test(arguments: [
        ["--exclude-old-transactions"], ["--password-file", "secret.txt"], ["--timeout", "5"],
        ["--save-response", "out.json"], ["--verifier-url", "http://127.0.0.1:9/verifyReceipt"],
    ])
    func remoteOptionsWithASavedResponseAreUsageErrors(extra: [String]) {
        let console = BufferConsole()
        let arguments =
            ["compare", "--response", "TestVectors/responses/one-inapp.json"] + extra + ["TestVectors/receipts/one-inapp.der"]
        #expect(CLI.run(arguments, console: console) == 64)
        #expect(console.err.contains("\(extra[0]) applies to --remote"))
        #expect(console.out.isEmpty)
    }

    @Test func aResponseOnStandardInput() throws {
        let response = try Data(
            contentsOf: Project.root.appendingPathComponent("TestVectors/responses/one-inapp.json"))
        let console = BufferConsole(stdin: Array(response))
        #expect(console.run("compare", "--compact", "--response", "-", "TestVectors/receipts/one-inapp.der") == 0)
        #expect(console.out.contains("\"agrees\":true"))
        #expect(console.out.contains("\"source\":\"(stdin)\""))
        // The receipt cannot come from standard input as well.
        let both = BufferConsole(stdin: Array(response))
        #expect(both.run("compare", "--response", "-") == 64)
        #expect(both.err.contains("give the RECEIPT as a FILE"))
    }
}
