import Foundation
import ReceiptKit
import Synchronization
import TestSupport

/// The OCSP test PKI of TestVectors/make-ocsp-pki.sh, made once per test process into a temporary directory, with
/// responder URLs that no network knows (`.invalid`): the ReceiptKit tests answer through an injected transport.
enum OCSPTestPKI {
    static let leafURL = "http://ocsp.invalid/leaf"
    static let intermediateURL = "http://ocsp.invalid/intermediate"

    /// The directory (removed when the test process exits), or why it could not be made (then the tests skip,
    /// saying so).
    static let directory: Result<URL, OCSPTestFailure> = {
        guard let directory = try? TemporaryDirectory.forProcess("ocsp-pki").url else {
            return .failure(OCSPTestFailure("no temporary folder for the OCSP test PKI"))
        }
        let result = run(
            "bash",
            [Fixtures.testVectors.appendingPathComponent("make-ocsp-pki.sh").path, directory.path, leafURL, intermediateURL])
        return result.status == 0 ? .success(directory) : .failure(OCSPTestFailure("make-ocsp-pki.sh failed: \(result.output)"))
    }()

    static func file(_ name: String) throws -> URL { try directory.get().appendingPathComponent(name) }

    static func certificate(_ name: String) throws -> X509Certificate {
        try X509Certificate.load(Array(try Data(contentsOf: try file("\(name).pem"))))[0]
    }

    /// Trusts the OCSP test root for both eras and checks revocation through `transport` at `now`.
    static func policy(_ transport: any OCSPTransport, now: Timestamp, cache: OCSPStatusCache = .init()) throws
        -> VerificationPolicy
    {
        var policy = VerificationPolicy()
        let anchor = TrustAnchor(certificate: try certificate("root"), source: "root.pem")
        policy.anchors = [anchor]
        policy.jwsAnchors = [anchor]
        policy.revocation = RevocationChecker(transport: transport, clock: { now }, cache: cache)
        return policy
    }

    /// Runs a program found on the PATH (the OpenSSL 3 CLI, not macOS's /usr/bin LibreSSL, when the PATH says
    /// so); its exit status and what it wrote to stdout and stderr.
    static func run(_ program: String, _ arguments: [String]) -> (status: Int32, output: String) {
        do {
            let result = try Subprocess.run(tool: program, arguments)
            return (result.status, result.stdout + result.stderr)
        } catch {
            return (-1, "\(error)")
        }
    }
}

struct OCSPTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Answers OCSP requests offline with `openssl ocsp -index ... -reqin -respout`, as the test PKI's responders
/// would: the leaves' URL with the intermediate's index and its delegated responder, the intermediate's URL with
/// the root's index, signed by the root itself. `mode` spoils the answers in the ways a check must refuse.
final class OpenSSLResponderTransport: OCSPTransport {
    enum Mode: Sendable {
        case answer
        /// Answers a request for the same certificate made by the openssl CLI, with its own nonce.
        case wrongNonce
        /// One byte of the signed producedAt changed after signing.
        case badSignature
        /// Signed by a self-signed OCSP signer nobody delegated.
        case stranger
        /// Signed with the key of the certificate asked about (a stolen key vouching for itself).
        case itself
        /// No answer at all (a closed port, a timeout).
        case unreachable
    }

    let mode: Mode
    private let posted = Mutex<[String]>([])

    init(_ mode: Mode = .answer) { self.mode = mode }

    /// The URLs asked so far, in order.
    var requests: [String] { posted.withLock { $0 } }

    func post(_ request: [UInt8], to url: String) -> Result<[UInt8], OCSPTransportFailure> {
        posted.withLock { $0.append(url) }
        if mode == .unreachable { return .failure(OCSPTransportFailure("\(url): connection refused (test)")) }
        do {
            return .success(try answer(request, url: url))
        } catch {
            return .failure(OCSPTransportFailure("\(error)"))
        }
    }

    private func answer(_ request: [UInt8], url: String) throws -> [UInt8] {
        let folder = try TemporaryDirectory("ocsp-answer")
        let work = folder.url
        let requestFile = work.appendingPathComponent("request.der")
        let responseFile = work.appendingPathComponent("response.der")
        try Data(request).write(to: requestFile)
        let forLeaf = url == OCSPTestPKI.leafURL
        // The certificate asked about, by the request's serial.
        let serial = try serialOf(request: requestFile)
        let certificate =
            try ["receipt-good", "receipt-revoked", "receipt-unknown", "jws-good", "jws-revoked", "jws-unknown"]
            .first { try serialOfCertificate($0) == serial } ?? "intermediate"
        if mode == .wrongNonce {
            // The CLI's own request for the same certificate: same CertID, another random nonce.
            try check(
                "openssl",
                [
                    "ocsp", "-issuer", try OCSPTestPKI.file(forLeaf ? "intermediate.pem" : "root.pem").path,
                    "-cert", try OCSPTestPKI.file("\(certificate).pem").path, "-reqout", requestFile.path,
                ])
        }
        var signer = (
            certificate: forLeaf ? "responder" : "root", key: try OCSPTestPKI.file(forLeaf ? "responder.key" : "root.key")
        )
        if mode == .stranger { signer = ("stranger", try OCSPTestPKI.file("stranger.key")) }
        if mode == .itself {
            let key = Fixtures.testVectors.appendingPathComponent("ocsp/keys/\(certificate).key")
            signer = (certificate, key)
        }
        try check(
            "openssl",
            [
                "ocsp", "-index", try OCSPTestPKI.file(forLeaf ? "index.txt" : "root-index.txt").path,
                "-CA", try OCSPTestPKI.file(forLeaf ? "intermediate.pem" : "root.pem").path,
                "-rsigner", try OCSPTestPKI.file("\(signer.certificate).pem").path, "-rkey", signer.key.path,
                "-reqin", requestFile.path, "-respout", responseFile.path, "-ndays", "1",
            ])
        var bytes = Array(try Data(contentsOf: responseFile))
        if mode == .badSignature {
            // producedAt is the response's first GeneralizedTime (18 0F YYYYMMDDHHMMSSZ): change its last second.
            guard let at = bytes.indices.dropLast(17).first(where: { bytes[$0] == 0x18 && bytes[$0 + 1] == 0x0F }) else {
                throw OCSPTestFailure("no producedAt in the answer")
            }
            bytes[at + 15] = bytes[at + 15] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        }
        return bytes
    }

    private func serialOf(request: URL) throws -> String {
        let text = OCSPTestPKI.run("openssl", ["ocsp", "-reqin", request.path, "-req_text"]).output
        guard let line = text.split(separator: "\n").first(where: { $0.contains("Serial Number:") }) else {
            throw OCSPTestFailure("no serial in the request")
        }
        return line.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }

    private func serialOfCertificate(_ name: String) throws -> String {
        let text = OCSPTestPKI.run(
            "openssl", ["x509", "-in", try OCSPTestPKI.file("\(name).pem").path, "-noout", "-serial"])
        return String(text.output.dropFirst("serial=".count)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func check(_ program: String, _ arguments: [String]) throws {
        let result = OCSPTestPKI.run(program, arguments)
        guard result.status == 0 else { throw OCSPTestFailure("\(arguments.prefix(2)) failed: \(result.output)") }
    }
}
