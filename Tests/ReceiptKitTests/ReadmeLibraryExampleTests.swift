import Foundation
import ReceiptKit
import TestSupport
import Testing

// The README's library example, word for word (the test below holds the two together), so that it does what the
// README says. Compiled here it could use `package` declarations; `make lint` (scripts/api-listing.py) also
// type-checks the README's block as another package's code, where only the public API is in reach.

/// Verifies one app receipt (base64 or DER) against Apple's pinned root; returns the verdict and what failed.
func checkAppReceipt(_ bytes: [UInt8], bundleID: String) throws -> (verdict: Verdict, problems: [CheckID]) {
    guard case .appReceipt(let receipt) = try ReceiptDecoder.decode(bytes).document else { return (.malformed, []) }
    var policy = VerificationPolicy()
    policy.bundleIDs = [bundleID]
    let report = ReceiptVerifier(policy: policy).verify(receipt)
    return (report.verdict, report.problemCheckIDs)
}

/// The README shows how to use ReceiptKit from another package; its example is this file's function, and it
/// answers as TestVectors/README.md says the vectors must (they are signed by the project's test root, not Apple's).
@Suite struct ReadmeLibraryExampleTests {
    @Test func theReadmeShowsThisFunction() throws {
        let readme = try String(contentsOf: Project.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
        let example = try #require(blocks.first { $0.hasPrefix("import ReceiptKit\n") }, "README: no ReceiptKit example")
        let body = example.dropFirst("import ReceiptKit\n".count).trimmingCharacters(in: .whitespacesAndNewlines)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        #expect(body.contains("func checkAppReceipt("))
        #expect(source.contains(body), "the README's example differs from ReadmeLibraryExampleTests.swift")
        #expect(example.split(separator: "\n").count <= 10, "the README promises a ten-line example")
    }

    @Test func aGenuineTestReceiptIsUntrustedUnderApplesRootAlone() throws {
        let result = try checkAppReceipt(Fixtures.testVector("receipts/one-inapp.b64"), bundleID: "com.example.appreceipt.one")
        #expect(result.verdict == .untrusted)
        #expect(result.problems == [.chainAnchor])
    }

    @Test func anotherAppsBundleIDAndATamperedSignatureAreInvalid() throws {
        let other = try checkAppReceipt(Fixtures.testVector("receipts/one-inapp.der"), bundleID: "com.example.other")
        #expect(other.verdict == .invalid)
        #expect(Set(other.problems) == [.chainAnchor, .bundleID])
        let tampered = try checkAppReceipt(
            Fixtures.testVector("attacks/tampered-signature-sha256.der"), bundleID: "com.example.appreceipt.one")
        #expect(tampered.verdict == .invalid)
        #expect(tampered.problems.contains(.signerSignature))
    }

    @Test func signedDataIsNotAnAppReceipt() throws {
        let result = try checkAppReceipt(Fixtures.testVector("jws/valid/transaction.jws"), bundleID: "com.example.app")
        #expect(result.verdict == .malformed && result.problems.isEmpty)
    }
}
