package import ReceiptKit

/// The OCSP transport of `verify --online`: one POST per question through libcurl (``HTTPClient``), the request
/// as `application/ocsp-request`, the 200 answer's body handed back as it came. Plain http is what OCSP
/// responders serve (Apple's included) and is allowed for any host: the answer is signed, and ReceiptKit checks
/// that signature and the nonce, not the connection. https works too; a redirect is never followed.
package struct OCSPHTTPTransport: OCSPTransport {
    /// Seconds one request may take, connecting included.
    package static let timeoutRange: ClosedRange<Double> = 0.001...300
    /// Apple's library waits this long for a responder (30 s); the CLI's `--ocsp-timeout` changes it.
    package static let defaultTimeout: Double = 30
    /// An OCSP answer about one certificate is a few kilobytes; Apple's library reads at most 1 MiB.
    static let maximumResponseSize = 1 << 20

    let timeout: Double
    let trust: TrustedCertificates

    /// `timeout` is clamped into ``timeoutRange`` (NaN is the default); the CLI refuses other values before this.
    package init(timeout: Double = Self.defaultTimeout) {
        self.init(timeout: timeout, trust: TrustedCertificates())
    }

    package init(timeout: Double, trust: TrustedCertificates) {
        self.timeout =
            timeout.isNaN
            ? Self.defaultTimeout : min(max(timeout, Self.timeoutRange.lowerBound), Self.timeoutRange.upperBound)
        self.trust = trust
    }

    package func post(_ request: [UInt8], to url: String) -> Result<[UInt8], OCSPTransportFailure> {
        let shown = HTTPEndpoint.redactingCredentials(url)
        guard !HTTPEndpoint.hasCredentials(url), let endpoint = HTTPEndpoint(url) else {
            return .failure(OCSPTransportFailure("\(shown) is not an http or https URL this tool asks"))
        }
        let exchange = HTTPRequest(
            endpoint: endpoint, body: request,
            headers: ["Content-Type: application/ocsp-request", "Accept: application/ocsp-response"],
            timeout: timeout, maximumResponseSize: Self.maximumResponseSize, trust: trust)
        do throws(HTTPTransportError) {
            let response = try HTTPClient.send(exchange)
            guard response.status == 200 else {
                return .failure(OCSPTransportFailure("\(endpoint.url) answered HTTP \(response.status), not 200"))
            }
            return .success(response.body)
        } catch {
            return .failure(OCSPTransportFailure("\(error)"))
        }
    }
}
