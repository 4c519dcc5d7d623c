import Foundation
import TestSupport
import Testing

/// The built `appreceipt` as a script would run it: exit codes, stdout/stderr separation, determinism.
@Suite struct BinaryTests {
    @Test func decodeIsDeterministicJSONOnStdout() throws {
        let first = try BinaryRunner.run(["decode", "TestVectors/receipts/one-inapp.b64"])
        let second = try BinaryRunner.run(["decode", "TestVectors/receipts/one-inapp.der"])
        #expect(first.status == 0)
        #expect(first.stderr.isEmpty)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect((json["receipt"] as? [String: Any])?["bundle_id"] as? String == "com.example.appreceipt.one")
        #expect(json["format_version"] as? Int == 1)
        // Same receipt, other encoding: only the input description differs.
        let strip = { (text: String) in
            text.split(separator: "\n").filter {
                !$0.contains("\"size\"") && !$0.contains("\"source\"") && !$0.contains("\"base64\"")
            }
        }
        #expect(strip(first.stdout) == strip(second.stdout))
    }

    @Test func severalFilesGiveOneEntryEachInOrderAndTheWorstStatus() throws {
        let files = ["TestVectors/receipts/zero-inapp.b64", "/nonexistent.b64", "TestVectors/malformed/wrong-tag.der"]
        for command in ["decode", "verify"] {
            let result = try BinaryRunner.run([command, "--compact"] + files)
            #expect(result.status == 66)
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(entries.compactMap { ($0["input"] as? [String: Any])?["source"] as? String } == files)
            #expect(entries[0]["error"] == nil)
            #expect(((entries[1]["error"] as? [String: Any])?["message"] as? String)?.contains("No such file") == true)
            #expect(result.stderr.contains("/nonexistent.b64"))
        }
    }

    @Test func decodeReadsStandardInputAndRequestBodies() throws {
        let base64 = try String(
            contentsOf: Project.root.appendingPathComponent("TestVectors/receipts/zero-inapp.b64"), encoding: .utf8)
        let body = "{\"receipt-data\": \"\(base64.trimmingCharacters(in: .whitespacesAndNewlines))\", \"password\": \"x\"}"
        let result = try BinaryRunner.run(["decode", "--compact"], stdin: Data(body.utf8))
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"layers\":[\"json-body\",\"base64\",\"der\"]"))
        #expect(result.stdout.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        "truncated.der", "trailing-bytes.der", "wrong-tag.der", "length-past-end.der", "deep-nesting.der",
        "enveloped-data.der", "not-base64.b64", "empty.der",
    ])
    func malformedInputExits65WithOffsetAndAnErrorDocument(name: String) throws {
        // dump shows any well-formed BER, receipt or not, so only structurally broken input is an error for it.
        let wellFormedASN1 = ["wrong-tag.der", "enveloped-data.der"].contains(name)
        for command in wellFormedASN1 ? ["decode"] : ["decode", "dump"] {
            let result = try BinaryRunner.run([command, "TestVectors/malformed/\(name)"])
            #expect(result.status == 65, "\(command) \(name): \(result.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect((document["error"] as? [String: Any])?["exit_code"] as? Int == 65)
            #expect(result.stderr.hasPrefix("appreceipt: error: TestVectors/malformed/\(name): "))
            #expect(name == "empty.der" || result.stderr.contains("offset"), "\(result.stderr)")
            // A hang guard, not a performance target (timings live in Benchmarks/).
            #expect(result.seconds < 10)
        }
    }

    @Test func dumpShowsWellFormedASN1ThatIsNotAReceipt() throws {
        let result = try BinaryRunner.run(["dump", "--format", "text", "TestVectors/malformed/enveloped-data.der"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("1.2.840.113549.1.7.3 (envelopedData)"))
        #expect(!result.stdout.contains("receipt payload"))
        let receipt = try BinaryRunner.run(["dump", "--format", "text", "TestVectors/receipts/one-inapp-ber-indefinite.der"])
        #expect(receipt.status == 0)
        #expect(receipt.stdout.contains("l=  inf cons: SEQUENCE  ; ContentInfo"))
        #expect(receipt.stdout.contains("; attribute 2 bundle_id"))
        #expect(receipt.stdout.contains("prim:             OCTET STRING (encapsulates)  ; chunk"))
        #expect(receipt.stdout.contains("UTF8String \"com.example.appreceipt.one\""))
    }

    @Test func verifyExitCodesFollowTheVerdict() throws {
        let anchor = ["--trust-anchor", "TestVectors/pki/root.pem"]
        let valid = try BinaryRunner.run(["verify"] + anchor + ["TestVectors/receipts/one-inapp.der"])
        #expect(valid.status == 0)
        #expect(valid.stdout.contains("\"verdict\": \"valid\""))
        let tampered = try BinaryRunner.run(["verify"] + anchor + ["TestVectors/attacks/tampered-signature-sha256.der"])
        #expect(tampered.status == 1)
        #expect(tampered.stdout.contains("\"verdict\": \"invalid\""))
        let untrusted = try BinaryRunner.run(["verify", "TestVectors/receipts/one-inapp.der"])
        #expect(untrusted.status == 1)
        #expect(untrusted.stdout.contains("\"verdict\": \"untrusted\""))
        let malformed = try BinaryRunner.run(["verify", "TestVectors/malformed/wrong-tag.der"])
        #expect(malformed.status == 65)
        #expect(malformed.stdout.contains("\"verdict\": \"malformed\""))
        #expect(malformed.stderr.contains("found SET"))
    }

    @Test func verifyTextIsAChecklist() throws {
        let result = try BinaryRunner.run([
            "verify", "--format", "text", "--trust-anchor", "TestVectors/pki/root.pem", "--bundle-id", "com.wrong",
            "TestVectors/receipts/one-inapp.b64",
        ])
        #expect(result.status == 1)
        #expect(result.stdout.contains("verdict            invalid"))
        #expect(result.stdout.contains("[pass] signer.signature"))
        #expect(result.stdout.contains("[FAIL] receipt.bundle_id"))
        #expect(result.stdout.contains("verification time  2024-03-01T12:00:00Z (receipt_creation_date)"))
    }

    @Test func verifyRejectsBadOptionValuesAsUsageErrors() throws {
        for arguments in [
            ["verify", "--at", "yesterday", "x"], ["verify", "--device-id", "nope", "x"],
            ["verify", "--environment", "Prod", "x"],
        ] {
            let result = try BinaryRunner.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
        let missingAnchor = try BinaryRunner.run([
            "verify", "--trust-anchor", "/nonexistent.pem", "TestVectors/receipts/one-inapp.der",
        ])
        #expect(missingAnchor.status == 66)
    }
}
