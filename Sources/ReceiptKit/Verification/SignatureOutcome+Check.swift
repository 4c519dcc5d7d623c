extension SignatureOutcome {
    /// The one mapping from a signature outcome to a check: valid passes, a mismatch fails (forged or altered),
    /// and a check OpenSSL could not make is an error (says nothing about forgery).
    func check(
        _ id: CheckID, valid: Message, mismatch: (_ reason: String?) -> Message,
        unverifiable: (_ error: OpenSSLError) -> Message
    ) -> VerificationCheck {
        switch self {
        case .valid: return VerificationCheck(id, .pass, valid)
        case .mismatch(let reason): return VerificationCheck(id, .fail, mismatch(reason))
        case .unverifiable(let error): return VerificationCheck(id, .error, unverifiable(error))
        }
    }
}
