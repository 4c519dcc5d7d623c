import Foundation
import ReceiptCLI
import Testing

/// Issue 20: an unknown critical extension anywhere in the chain fails the chain under a `--trust-anchor` test
/// root, for receipts and StoreKit 2 alike, because both go through OpenSSL's verifier (RFC 5280 §4.2).
@Suite struct CriticalExtensionCLITests {
    /// The vector and the root it chains to; each certificate carries the critical extension
    /// 2.25.329800735698586629295641978511506172918 (TestVectors/inputs/pki-extensions.cnf).
    static let cases: [(file: String, root: String)] = [
        ("TestVectors/attacks/leaf-unknown-critical-extension.der", "TestVectors/pki/root.pem"),
        ("TestVectors/attacks/intermediate-unknown-critical-extension.der", "TestVectors/pki/root.pem"),
        ("TestVectors/jws/attacks/leaf-unknown-critical-extension.jws", "TestVectors/jws/pki/root.pem"),
        ("TestVectors/jws/attacks/intermediate-unknown-critical-extension.jws", "TestVectors/jws/pki/root.pem"),
    ]

    @Test(arguments: cases.map(\.file))
    func unknownCriticalExtensionFailsTheChain(file: String) throws {
        let root = try #require(Self.cases.first { $0.file == file }?.root)
        let console = BufferConsole()
        #expect(CLI.run(["verify", "--trust-anchor", root, file], console: console) == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(console.out.utf8)) as? [String: Any])
        #expect(document["verdict"] as? String == "invalid")
        let checks = document["checks"] as? [[String: Any]] ?? []
        let failed = checks.filter { $0["status"] as? String == "fail" }
        #expect(failed.compactMap { $0["id"] as? String } == ["chain.basic_constraints"])
        let detail = failed.first?["detail"] as? String ?? ""
        #expect(detail.contains("2.25.329800735698586629295641978511506172918"), "\(detail)")
        #expect(checks.first { $0["id"] as? String == "chain.anchor" }?["status"] as? String == "pass")
    }
}
