import Foundation
import TestSupport
import Testing

/// `compare --remote` against a verifier that answers with hostile or unusual HTTP (Tests/StandIn/
/// http_attack_standin.py, on 127.0.0.1 only): each failure the hand-written HTTP/1.1 client had in an attack pass
/// (issue 22), now through libcurl and the head checks of its own (HTTPHeadCheck). The stand-in's well-framed
/// answers carry `{"status": 21002}`, so a client that takes an answer exits 1 and prints that status, and one
/// that refuses it exits 69 ("verifier unavailable") with the reason.
@Suite struct HTTPAttackTests {
    let receipt = "TestVectors/receipts/one-inapp.b64"

    /// Runs `compare --remote` against `attack`; over https to localhost when `trusting` names the stand-in's
    /// certificate (passed as SSL_CERT_FILE).
    func compare(_ standIn: StandIn, _ attack: String, timeout: String = "5", trusting certificate: String? = nil)
        throws -> BinaryRunner.Result
    {
        let base = certificate == nil ? "http://127.0.0.1:\(standIn.port)" : "https://localhost:\(standIn.port)"
        var environment = ["PATH": "/usr/bin:/bin"]
        if let certificate { environment["SSL_CERT_FILE"] = certificate }
        return try BinaryRunner.run(
            ["compare", "--remote", "--timeout", timeout] + standIn.urls(attack, base: base) + [receipt],
            environment: environment)
    }

    /// The answer was taken: exit 1 with Apple's status 21002 in the report.
    func expectTaken(_ result: BinaryRunner.Result, _ attack: String) {
        #expect(result.status == 1, "\(attack): \(result.stderr)")
        #expect(!result.signalled)
        #expect(result.stdout.contains("\"status\": 21002"), "\(attack): \(result.stdout.prefix(400))")
    }

    /// The answer was refused: exit 69, nothing on stdout, the reason on stderr.
    func expectRefused(_ result: BinaryRunner.Result, _ attack: String, saying reason: String) {
        #expect(result.status == 69, "\(attack): \(result.status) \(result.stderr)")
        #expect(!result.signalled, "\(attack) killed the process")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("verifier unavailable"), "\(attack): \(result.stderr)")
        #expect(result.stderr.contains(reason), "\(attack): \(result.stderr)")
    }

    @Test func aWellFormedAnswerIsTakenSoTheRefusalsBelowAreTheChecks() throws {
        let standIn = try StandIn(script: "http_attack_standin.py")
        expectTaken(try compare(standIn, "well-formed"), "well-formed")
    }

    /// Chunk sizes that are negative, too large for the rest of the stream or past 64 bits, conflicting or signed
    /// lengths, and a signed status code: each a clear error (retried like any transport error), never a crash.
    @Test(arguments: [
        ("chunk-negative", "Illegal or missing hexadecimal sequence in chunked-encoding"),
        ("chunk-huge", "transfer closed with outstanding read data remaining"),
        ("chunk-overflow", "Too long hexadecimal number in chunked-encoding"),
        ("conflicting-length", "conflicting Content-Length headers (17 and 19)"),
        ("signed-length", "Content-Length '+17' is not a size"),
        ("plus-status", "Unsupported response code in HTTP response"),
    ])
    func badFramingIsAClearErrorNotACrash(attack: String, reason: String) throws {
        let standIn = try StandIn(script: "http_attack_standin.py")
        expectRefused(try compare(standIn, attack), attack, saying: reason)
    }

    @Test(arguments: [("not-found-json", 404), ("redirect-json", 307)])
    func aNon2xxAnswerIsNotTakenAsApplesEvenWhenItsBodyIsJSON(attack: String, status: Int) throws {
        let standIn = try StandIn(script: "http_attack_standin.py")
        let result = try compare(standIn, attack)
        expectRefused(result, attack, saying: "answered HTTP \(status); only a 2xx answer is read as Apple's")
        // Refused at once: not retried like a 5xx, and the redirect's target is not asked.
        #expect(!result.stderr.contains("attempt(s)"), "\(result.stderr)")
    }

    @Test func aCloseDelimitedTLSAnswerWithoutCloseNotifyIsTaken() throws {
        let tls = try TLSTransportTests.certificate("DNS:localhost")
        let standIn = try StandIn(script: "http_attack_standin.py", tls: tls)
        expectTaken(try compare(standIn, "close-delimited", trusting: tls.certificate), "close-delimited")
    }

    /// One byte a second over TLS, ten minutes' worth: each attempt ends at --timeout (three attempts and the
    /// 0.5 s and 1.5 s pauses between them: about 8 s here), never when the answer is complete.
    @Test func aTLSServerDrippingOneByteASecondIsCutOffAtTheTimeout() throws {
        let tls = try TLSTransportTests.certificate("DNS:localhost")
        let standIn = try StandIn(script: "http_attack_standin.py", tls: tls)
        let result = try compare(standIn, "drip", timeout: "2", trusting: tls.certificate)
        expectRefused(result, "drip", saying: "could not be reached after 3 attempt(s): timed out after 2.0 seconds")
        // A sanity bound only, far above the 8 s expected and far below the 10 minutes the drip would take.
        #expect(result.seconds < 120, "\(result.seconds) s")
    }

    /// The same drip inside the TLS handshake (the server's handshake bytes one a second): cut off at --timeout too.
    @Test func aTLSHandshakeDrippingOneByteASecondIsCutOffAtTheTimeout() throws {
        let tls = try TLSTransportTests.certificate("DNS:localhost")
        let standIn = try StandIn(script: "http_attack_standin.py", tls: tls, options: ["--drip-handshake"])
        let result = try compare(standIn, "well-formed", timeout: "2", trusting: tls.certificate)
        expectRefused(result, "drip-handshake", saying: "could not be reached after 3 attempt(s): timed out after 2.0 seconds")
        #expect(result.seconds < 120, "\(result.seconds) s")
    }

    /// 32 MiB on the wire, one byte of body per chunk (5.6 million chunks): read to the end and the answer taken.
    /// The time it takes is measured in the report of issue 22, not asserted here.
    @Test func thirtyTwoMebibytesOfOneByteChunksAreReadToTheEnd() throws {
        let standIn = try StandIn(script: "http_attack_standin.py")
        expectTaken(try compare(standIn, "one-byte-chunks", timeout: "300"), "one-byte-chunks")
    }

    /// libcurl's proxy variables work: through `http_proxy` a host that does not resolve is reached (the stand-in
    /// answers as the proxy), and `no_proxy` naming it sends the request direct, where it cannot be resolved.
    @Test func theProxyEnvironmentIsHonoured() throws {
        let standIn = try StandIn(script: "http_attack_standin.py")
        let arguments = ["compare", "--remote", "--timeout", "5"] + standIn.urls("well-formed", base: "http://verifier.invalid")
        let proxy = ["PATH": "/usr/bin:/bin", "http_proxy": "http://127.0.0.1:\(standIn.port)"]
        expectTaken(try BinaryRunner.run(arguments + [receipt], environment: proxy), "through the proxy")
        let direct = try BinaryRunner.run(
            arguments + [receipt], environment: proxy.merging(["no_proxy": "verifier.invalid"]) { _, new in new })
        expectRefused(direct, "no_proxy", saying: "cannot resolve verifier.invalid")
    }

    /// `HTTPS_PROXY`: libcurl tunnels with CONNECT through the stand-in, which then serves the TLS itself with a
    /// certificate for the host asked for; the proxy's own `200 Connection established` is not taken for the head.
    @Test func anHTTPSProxyTunnelIsUsed() throws {
        let tls = try TLSTransportTests.certificate("DNS:verifier.invalid")
        let standIn = try StandIn(script: "http_attack_standin.py", tls: tls)
        let arguments =
            ["compare", "--remote", "--timeout", "5"] + standIn.urls("well-formed", base: "https://verifier.invalid") + [receipt]
        let environment = [
            "PATH": "/usr/bin:/bin", "HTTPS_PROXY": "http://127.0.0.1:\(standIn.port)", "SSL_CERT_FILE": tls.certificate,
        ]
        expectTaken(try BinaryRunner.run(arguments, environment: environment), "through the tunnel")
    }
}
