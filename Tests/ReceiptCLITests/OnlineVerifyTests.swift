import Foundation
import TestSupport
import Testing

/// `verify --online` end to end: the built binary, libcurl, and a loopback OCSP responder
/// (Tests/StandIn/ocsp_standin.py, which answers with `openssl ocsp -index`) over a PKI that
/// TestVectors/make-ocsp-pki.sh issues at test time with the responder's port in every AIA.
@Suite struct OnlineVerifyTests {
    /// A responder and a PKI whose certificates name it: the leaves at `leafPath`, the intermediate at
    /// `intermediatePath` (the stand-in's routes, or a closed port's).
    /// Immutable once made; the stand-in is only read for its port.
    final class Setup: @unchecked Sendable {
        let standIn: StandIn
        let folder: TemporaryDirectory
        var directory: URL { folder.url }

        /// `folder` holds the PKI; the suite's shared one is `TemporaryDirectory.forProcess`'s (a static never goes).
        init(
            leafPath: String = "/leaf", intermediatePath: String = "/intermediate", port: Int? = nil,
            folder: TemporaryDirectory? = nil
        ) throws {
            let folder = try folder ?? TemporaryDirectory("online-pki")
            self.folder = folder
            let directory = folder.url
            standIn = try StandIn(script: "ocsp_standin.py", options: ["--pki", directory.path, "--lifetime", "300"])
            let base = "http://127.0.0.1:\(port ?? standIn.port)"
            let made = try Subprocess.run(
                tool: "bash",
                [Project.path("TestVectors/make-ocsp-pki.sh"), directory.path, base + leafPath, base + intermediatePath],
                // The test's own PATH: the OpenSSL 3 CLI, wherever it is installed.
                environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
            guard made.status == 0 else { throw StandInFailure(description: "make-ocsp-pki.sh: \(made.stderr)") }
        }

        func path(_ name: String) -> String { folder.path(name) }
    }

    static let shared = Result { try Setup(folder: try TemporaryDirectory.forProcess("online-pki")) }

    func verify(_ file: String, _ extra: [String] = ["--online"], setup: Setup) throws
        -> (status: Int32, verdict: String?, revocation: [String: Any]?, stderr: String)
    {
        let result = try BinaryRunner.run(
            ["verify", "--trust-anchor", setup.path("root.pem")] + extra + [setup.path(file)],
            environment: ["PATH": "/usr/bin:/bin"])
        let json = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let checks = json?["checks"] as? [[String: Any]] ?? []
        return (
            result.status, json?["verdict"] as? String, checks.first { $0["id"] as? String == "chain.revocation" }, result.stderr
        )
    }

    @Test(arguments: ["receipt-good.der", "jws-good.jws"])
    func goodChainPasses(file: String) throws {
        let setup = try Self.shared.get()
        let result = try verify(file, setup: setup)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.verdict == "valid")
        #expect(result.revocation?["status"] as? String == "pass")
        let detail = result.revocation?["detail"] as? String ?? ""
        #expect(detail.contains("good at http://127.0.0.1:\(setup.standIn.port)/leaf"), "\(detail)")
        #expect(detail.contains("good at http://127.0.0.1:\(setup.standIn.port)/intermediate"), "\(detail)")
    }

    /// A revoked leaf fails (invalid); one the responder does not know is an error (unverifiable_here).
    @Test(arguments: [
        ("receipt-revoked.der", "invalid", "fail", "is revoked since 2025-01-01T00:00:00Z, reason keyCompromise"),
        ("jws-revoked.jws", "invalid", "fail", "is revoked since 2025-01-01T00:00:00Z, reason keyCompromise"),
        ("receipt-unknown.der", "unverifiable_here", "error", "status unknown"),
        ("jws-unknown.jws", "unverifiable_here", "error", "status unknown"),
    ])
    func leafThatIsNotGood(file: String, verdict: String, status: String, detail: String) throws {
        let result = try verify(file, setup: try Self.shared.get())
        #expect(result.status == 1)
        #expect(result.verdict == verdict)
        #expect(result.revocation?["status"] as? String == status)
        #expect((result.revocation?["detail"] as? String)?.contains(detail) == true, "\(String(describing: result.revocation))")
    }

    @Test func withoutOnlineNothingIsAskedOrReported() throws {
        let result = try verify("receipt-revoked.der", [], setup: try Self.shared.get())
        #expect(result.status == 0)
        #expect(result.verdict == "valid")
        #expect(result.revocation == nil)
    }

    @Test func unreachableResponderIsAnError() throws {
        // Port 9 (discard) on loopback: nothing listens there, so every connection is refused.
        let setup = try Setup(port: 9)
        for file in ["receipt-good.der", "jws-good.jws"] {
            let result = try verify(file, setup: setup)
            #expect(result.status == 1)
            #expect(result.verdict == "unverifiable_here", "\(file)")
            #expect(result.revocation?["status"] as? String == "error")
            #expect((result.revocation?["detail"] as? String)?.contains("no answer (cannot connect to 127.0.0.1 port 9") == true)
        }
    }

    @Test func failingAndHangingRespondersAreErrors() throws {
        let setup = try Setup(leafPath: "/status/500", intermediatePath: "/slow")
        let result = try verify("receipt-good.der", ["--online", "--ocsp-timeout", "1"], setup: setup)
        #expect(result.verdict == "unverifiable_here")
        let detail = result.revocation?["detail"] as? String ?? ""
        #expect(detail.contains("answered HTTP 500, not 200"), "\(detail)")
        #expect(detail.contains("timed out after 1.0 seconds"), "\(detail)")
    }

    @Test(arguments: [["--ocsp-timeout", "5"], ["--online", "--ocsp-timeout", "0"], ["--online", "--ocsp-timeout", "nan"]])
    func badOptionsAreUsageErrors(arguments: [String]) throws {
        let result = try BinaryRunner.run(
            ["verify"] + arguments + ["TestVectors/receipts/one-inapp.b64"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--ocsp-timeout"))
    }
}
