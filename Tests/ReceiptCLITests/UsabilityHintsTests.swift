import Foundation
import ReceiptCLI
import TestSupport
import Testing

/// What a new user tripped over (issue 19, item 8), each now said or shown where it is met.
@Suite struct UsabilityHintsTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let console = BufferConsole()
        let status = CLI.run(
            arguments.map { $0.hasPrefix("TestVectors/") ? Project.root.path + "/" + $0 : $0 }, console: console)
        return (status, console.out, console.err)
    }

    @Test func comparingAResponsesOwnLatestReceiptSaysWhyItDisagrees() {
        let edited = run([
            "compare", "--format", "text", "--response", "TestVectors/responses/one-inapp-edited-bundle.json",
            "TestVectors/receipts/one-inapp.b64",
        ])
        #expect(edited.status == 1)
        #expect(edited.out.contains("note: this receipt is the response's own latest_receipt: Apple's receipt object describes"))
        // Where they agree there is nothing to explain.
        let same = run(["compare", "--response", "TestVectors/responses/one-inapp.json", "TestVectors/receipts/one-inapp.b64"])
        #expect(same.status == 0 && !same.out.contains("latest_receipt:"))
    }

    @Test func swappedCompareArgumentsAreNamed() {
        let result = run(["compare", "--response", "TestVectors/receipts/one-inapp.b64", "TestVectors/responses/one-inapp.json"])
        #expect(result.status == 64)
        #expect(result.err.contains("were RECEIPT and --response swapped? Try: appreceipt compare --response "))
    }

    @Test func decodeShowsStoreKitDatesAsVerifyDoes() {
        let decoded = run(["decode", "--format", "text", "TestVectors/jws/valid/transaction.jws"])
        #expect(decoded.out.contains("expiresDate            2025-07-01T00:00:00Z (1751328000000)"))
        let verified = run(["verify", "--format", "text", "TestVectors/jws/valid/transaction.jws"])
        #expect(verified.out.contains("expiresDate            2025-07-01T00:00:00Z (1751328000000)"))
    }

    @Test func decodeAndVerifyNameTheSigningCertificateTheSameWay() throws {
        let decoded = run(["decode", "--compact", "TestVectors/receipts/one-inapp.b64"])
        let verified = run(["verify", "--compact", "TestVectors/receipts/one-inapp.b64"])
        func roles(_ json: String, _ path: [String]) throws -> [String] {
            var value: Any? = try JSONSerialization.jsonObject(with: Data(json.utf8))
            for key in path { value = (value as? [String: Any])?[key] }
            return (value as? [[String: Any]])?.compactMap { $0["role"] as? String } ?? []
        }
        #expect(try roles(decoded.out, ["container", "certificates"]).first == "leaf")
        #expect(try roles(verified.out, ["certificates"]).first == "leaf")
    }

    @Test func anInnerBase64LayerIsNamedInTheError() throws {
        let directory = try TemporaryDirectory()
        // "Z2FyYmFnZQ==" is base64 of "garbage", itself valid base64 text: three layers in all.
        let path = try directory.write("twice.txt", Data("Z2FyYmFnZQ==".utf8).base64EncodedString())
        let result = run(["decode", path])
        #expect(result.status == 65)
        #expect(result.err.contains("the inner base64 (layer 3, inside 2 base64 layer(s) already decoded) decodes to"))
    }
}
