import Foundation
import ReceiptCLI
import TestSupport
import Testing

/// Issue 11 point 10 through the CLI: one extra OCTET STRING around the payload is a decode warning (decode
/// `warnings`, verify `warnings` with id `decode`) and the receipt is valid; two are a malformed input (exit 65).
@Suite struct PayloadWrappingCLITests {
    static let warning =
        "the receipt payload is wrapped in one extra OCTET STRING at offset 66; read the SET OF ReceiptAttribute inside "
        + "it at offset 70"

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func decodeAndVerifyNameTheExtraWrapping() throws {
        let file = "TestVectors/receipts/payload-double-wrapped.der"
        let decode = try BinaryRunner.run(["decode", file])
        #expect(decode.status == 0, "\(decode.stderr)")
        #expect(try Self.object(decode.stdout)["warnings"] as? [String] == [Self.warning])
        let verify = try BinaryRunner.run(["verify", "--trust-anchor", "TestVectors/pki/root.pem", file])
        #expect(verify.status == 0, "\(verify.stderr)")
        let document = try Self.object(verify.stdout)
        #expect(document["verdict"] as? String == "valid")
        let warnings = try #require(document["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["id"] as? String } == ["decode"])
        #expect(warnings.map { $0["detail"] as? String } == [Self.warning])
        let text = try BinaryRunner.run(["decode", "--format", "text", file])
        #expect(text.stdout.contains("warning: \(Self.warning)"))
    }

    @Test func twoExtraWrappingsAreMalformed() throws {
        let result = try BinaryRunner.run(["decode", "TestVectors/malformed/payload-triple-wrapped.der"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("wrapped in a second extra OCTET STRING"), "\(result.stderr)")
        let error = try #require(try Self.object(result.stdout)["error"] as? [String: Any])
        #expect(error["offset"] as? Int == 70)
    }
}
