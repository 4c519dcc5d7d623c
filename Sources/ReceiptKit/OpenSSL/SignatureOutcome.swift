/// The result of one signature check, keeping "it does not match" apart from "OpenSSL could not check it".
package enum SignatureOutcome: Sendable, Equatable {
    case valid
    /// The signature was checked and does not match; `reason` is OpenSSL's word when it gave one.
    case mismatch(reason: String?)
    /// The check could not be made here (e.g. this OpenSSL refuses SHA-1 by policy); not evidence of forgery.
    case unverifiable(OpenSSLError)
}
