import ReceiptKit
import Testing

@testable import ReceiptRemote

/// The OCSP transport's refusals, without a responder (the exchanges themselves are tested end to end in
/// OnlineVerifyTests, against a loopback responder).
@Suite struct OCSPHTTPTransportTests {
    func failure(_ url: String, timeout: Double = 5) -> String? {
        if case .failure(let failure) = OCSPHTTPTransport(timeout: timeout).post([0x30, 0x00], to: url) {
            return failure.description
        }
        return nil
    }

    @Test(arguments: ["ldap://ocsp.example/", "file:///etc/passwd", "ocsp.apple.com/ocsp03", "http://exa mple/"])
    func onlyHTTPURLsAreAsked(url: String) {
        #expect(failure(url)?.contains("is not an http or https URL this tool asks") == true)
    }

    @Test func credentialsInAURLAreRefusedAndNotShown() throws {
        let text = try #require(failure("http://user:secret@127.0.0.1:9/ocsp"))
        #expect(text.contains("***@127.0.0.1"))
        #expect(!text.contains("secret"))
    }

    @Test func aClosedPortIsNoAnswer() {
        // Port 9 (discard) on loopback: nothing listens there on a test machine.
        #expect(failure("http://127.0.0.1:9/ocsp")?.contains("cannot connect to 127.0.0.1 port 9") == true)
    }

    @Test func timeoutsAreKeptInRange() {
        #expect(OCSPHTTPTransport(timeout: 0).timeout == OCSPHTTPTransport.timeoutRange.lowerBound)
        #expect(OCSPHTTPTransport(timeout: 1e9).timeout == OCSPHTTPTransport.timeoutRange.upperBound)
        #expect(OCSPHTTPTransport(timeout: .nan).timeout == OCSPHTTPTransport.defaultTimeout)
    }
}
