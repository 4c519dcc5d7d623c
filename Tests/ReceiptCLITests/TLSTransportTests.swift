import Foundation
import TestSupport
import Testing

/// The verifyReceipt client's HTTPS, through libcurl with peer and host verification on: the server's certificate
/// must chain to the trusted certificates (the system's, or SSL_CERT_FILE's) and name the host it was asked for.
@Suite struct TLSTransportTests {
    let receipt = "TestVectors/receipts/one-inapp.b64"

    /// A throw-away self-signed certificate and key for `subjectAltName`, made with the openssl CLI.
    static func certificate(_ subjectAltName: String) throws -> (certificate: String, key: String) {
        // Kept until the process exits: a stand-in started with these files may be shared by several tests.
        let folder = try TemporaryDirectory.forProcess("tls").url
        let certificate = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        let result = try Subprocess.run(
            tool: "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                "-subj", "/CN=appreceipt TLS test (NOT APPLE)", "-addext", "subjectAltName=\(subjectAltName)",
                "-keyout", key, "-out", certificate,
            ])
        try #require(result.status == 0, "openssl req failed: \(result.stderr)")
        return (certificate, key)
    }

    func compare(_ standIn: StandIn, host: String, trusting certificate: String?) throws -> BinaryRunner.Result {
        var environment = ["PATH": "/usr/bin:/bin"]
        if let certificate { environment["SSL_CERT_FILE"] = certificate }
        return try BinaryRunner.run(
            ["compare", "--remote", "--timeout", "5"]
                + standIn.urls("production-success", base: "https://\(host):\(standIn.port)") + [receipt],
            environment: environment)
    }

    @Test func aTrustedCertificateForTheHostGetsTheAnswer() throws {
        let tls = try Self.certificate("DNS:localhost,IP:127.0.0.1")
        let standIn = try StandIn(tls: tls)
        for host in ["localhost", "127.0.0.1"] {
            let result = try compare(standIn, host: host, trusting: tls.certificate)
            #expect(result.status == 0, "\(host): \(result.stderr)")
            #expect(result.stdout.contains("\"agrees\": true"))
        }
    }

    @Test func anUntrustedCertificateIsRefused() throws {
        let tls = try Self.certificate("DNS:localhost,IP:127.0.0.1")
        let standIn = try StandIn(tls: tls)
        let result = try compare(standIn, host: "localhost", trusting: nil)
        #expect(result.status == 69)
        #expect(result.stderr.contains("the server's certificate was refused: self-signed certificate"), "\(result.stderr)")
    }

    @Test func aCertificateForAnotherHostIsRefused() throws {
        let tls = try Self.certificate("DNS:verifier.example.com")
        let standIn = try StandIn(tls: tls)
        for host in ["localhost", "127.0.0.1"] {
            let result = try compare(standIn, host: host, trusting: tls.certificate)
            #expect(result.status == 69)
            let reason = "no alternative certificate subject name matches target host name '\(host)'"
            #expect(result.stderr.contains("the server's certificate was refused: SSL: \(reason)"), "\(result.stderr)")
        }
    }
}
