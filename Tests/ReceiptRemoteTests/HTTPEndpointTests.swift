import Testing

@testable import ReceiptRemote

/// The verifier URL is taken apart by the project's own reader before libcurl sees it: the same connection, Host
/// header and request target as `URLComponents` gave for every URL a verifier can have, and a refusal (exit 69,
/// "invalid verifier URL") for anything else.
@Suite struct HTTPEndpointTests {
    struct Accepted: Sendable, CustomStringConvertible {
        let url: String
        let secure: Bool
        let host: String
        let port: Int
        let target: String
        let hostHeader: String
        var description: String { url }
    }

    static let accepted: [Accepted] = [
        Accepted(
            url: "https://buy.itunes.apple.com/verifyReceipt", secure: true, host: "buy.itunes.apple.com", port: 443,
            target: "/verifyReceipt", hostHeader: "buy.itunes.apple.com"),
        Accepted(
            url: "HTTPS://Sandbox.iTunes.apple.com:443/verifyReceipt", secure: true, host: "Sandbox.iTunes.apple.com",
            port: 443, target: "/verifyReceipt", hostHeader: "Sandbox.iTunes.apple.com"),
        Accepted(
            url: "http://127.0.0.1:8080/basic/production/verifyReceipt", secure: false, host: "127.0.0.1", port: 8080,
            target: "/basic/production/verifyReceipt", hostHeader: "127.0.0.1:8080"),
        Accepted(url: "http://localhost", secure: false, host: "localhost", port: 80, target: "/", hostHeader: "localhost"),
        Accepted(url: "http://localhost:", secure: false, host: "localhost", port: 80, target: "/", hostHeader: "localhost"),
        Accepted(
            url: "http://[::1]:9/verifyReceipt", secure: false, host: "::1", port: 9, target: "/verifyReceipt",
            hostHeader: "[::1]:9"),
        Accepted(
            url: "https://[2001:db8::7]/v", secure: true, host: "2001:db8::7", port: 443, target: "/v",
            hostHeader: "[2001:db8::7]"),
        Accepted(
            url: "https://example.com/a%20b/verifyReceipt?x=1&y=%2F#ignored", secure: true, host: "example.com", port: 443,
            target: "/a%20b/verifyReceipt?x=1&y=%2F", hostHeader: "example.com"),
        Accepted(
            url: "https://example.com?q", secure: true, host: "example.com", port: 443, target: "/?q", hostHeader: "example.com"),
        Accepted(
            url: "https://example.com/p?", secure: true, host: "example.com", port: 443, target: "/p?", hostHeader: "example.com"),
        Accepted(
            url: "http://my_host.internal:65535/", secure: false, host: "my_host.internal", port: 65_535, target: "/",
            hostHeader: "my_host.internal:65535"),
    ]

    @Test(arguments: accepted) func acceptsAVerifierURL(_ case_: Accepted) throws {
        let endpoint = try #require(HTTPEndpoint(case_.url))
        #expect(endpoint.secure == case_.secure)
        #expect(endpoint.host == case_.host)
        #expect(endpoint.port == case_.port)
        #expect(endpoint.target == case_.target)
        #expect(endpoint.hostHeader == case_.hostHeader)
    }

    static let refused = [
        "", "verifyReceipt", "buy.itunes.apple.com/verifyReceipt", "ftp://example.com/", "https:/example.com/",
        "https://", "https:///verifyReceipt", "https://user:secret@example.com/", "https://exa mple.com/",
        "https://example.com/a b", "https://example.com/\u{7}", "https://example.com/caf\u{E9}", "https://example.com/%zz",
        "https://example.com/%4", "https://example.com:0/", "https://example.com:65536/", "https://example.com:123456/",
        "https://example.com:-1/", "https://example.com:8o/", "https://[::1/", "https://[example.com]/", "https://[::1]x/",
        "https://example.com/<script>", "https://example.com/\"", "https://example.com/a|b", "https://example.com/a{b}",
    ]

    @Test(arguments: refused) func refusesAnythingElse(_ url: String) {
        #expect(HTTPEndpoint(url) == nil, "\(url.debugDescription) was accepted")
    }

    @Test func aRefusedURLIsQuotedWithoutItsCredentials() {
        #expect(HTTPEndpoint.redactingCredentials("https://user:s3cret@example.com/v?a=b@c") == "https://***@example.com/v?a=b@c")
        #expect(HTTPEndpoint.redactingCredentials("https://a@b@example.com:8443") == "https://***@example.com:8443")
        #expect(HTTPEndpoint.redactingCredentials("https://example.com/a@b") == "https://example.com/a@b")
        #expect(HTTPEndpoint.redactingCredentials("not a url") == "not a url")
        let error = VerifyReceiptClient.ClientError.invalidURL("https://user:s3cret@example.com/v")
        #expect(!error.description.contains("s3cret"), "\(error)")
    }

    @Test func aURLWithCredentialsIsRefusedSayingSo() {
        let error = VerifyReceiptClient.ClientError.invalidURL("https://user:s3cret@example.com/v")
        #expect(error.description.contains("credentials (user:password@) are not allowed in the URL"), "\(error)")
        #expect(error.description.contains("https://***@example.com/v"), "\(error)")
        let other = VerifyReceiptClient.ClientError.invalidURL("https://exa mple.com/")
        #expect(!other.description.contains("credentials"), "\(other)")
    }

    /// libcurl is given the URL rebuilt from the checked parts: no fragment, brackets kept, the port only when
    /// it is not the default.
    @Test(arguments: [
        ("https://example.com/a%20b/verifyReceipt?x=1#ignored", "https://example.com/a%20b/verifyReceipt?x=1"),
        ("HTTPS://Sandbox.iTunes.apple.com:443/verifyReceipt", "https://Sandbox.iTunes.apple.com/verifyReceipt"),
        ("http://[::1]:9/verifyReceipt", "http://[::1]:9/verifyReceipt"),
        ("http://localhost:", "http://localhost/"),
        ("https://example.com?q", "https://example.com/?q"),
    ])
    func libcurlIsGivenTheCheckedURL(url: String, expected: String) throws {
        #expect(try #require(HTTPEndpoint(url)).url == expected)
    }
}
