/// Carries one OCSP request to a responder and its answer back: the only part of an online check that touches a
/// network. The caller gives it (ReceiptRemote's HTTP transport in the tool, a stand-in in tests), so ReceiptKit
/// decides everything from bytes and never opens a socket itself.
public protocol OCSPTransport: Sendable {
    /// POSTs `request` (DER, `application/ocsp-request`) to `url` and returns the answer's body (DER), or why
    /// there is none (the responder could not be reached, timed out, or answered with something other than 200).
    /// - Parameters:
    ///   - request: The OCSP request, DER.
    ///   - url: The responder's URL, from the certificate's Authority Information Access.
    /// - Returns: The response body (DER), or why there is none.
    func post(_ request: [UInt8], to url: String) -> Result<[UInt8], OCSPTransportFailure>
}

/// Why a transport brought no answer back; the text names the responder and the reason, never the request.
public struct OCSPTransportFailure: Error, Sendable, CustomStringConvertible {
    /// The responder and the reason, in words.
    public let description: String

    /// - Parameter description: The responder and the reason, never the request.
    public init(_ description: String) { self.description = description }
}
