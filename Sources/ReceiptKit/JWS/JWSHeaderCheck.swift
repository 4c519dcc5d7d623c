/// `jws.header`: what the protected header asks of the verifier beyond `alg` and `x5c`.
///
/// RFC 7515 §4.1.11: `crit` lists extension parameters the recipient must understand and process, and a token
/// whose `crit` names one it does not implement must be rejected. This verifier implements none (Apple's tokens
/// carry no `crit`), so any `crit` fails, as does one that is not a non-empty list of strings (§4.1.11 forbids an
/// empty list). Other parameters are not critical and are ignored, as the RFC allows; the detail names them.
enum JWSHeaderCheck {
    /// The header parameters this verifier reads.
    static let understood: Set<String> = ["alg", "x5c"]

    static func check(_ header: JWSHeader) -> VerificationCheck {
        let others = header.parameterNames.filter { !understood.contains($0) && $0 != "crit" }
        let ignored = others.isEmpty ? "" : "; ignored (not critical): \(others.joined(separator: ", "))"
        switch header.critical {
        case .absent:
            return VerificationCheck(CheckID.jwsHeader, .pass, "no crit: nothing beyond alg and x5c is required" + ignored)
        case .wrongType(let crit):
            return VerificationCheck(
                CheckID.jwsHeader, .fail, "crit is \(crit), not a non-empty list of parameter names (RFC 7515 §4.1.11)")
        case .value(let names):
            let listed = names.map { "\"\($0)\"" }.joined(separator: ", ")
            return VerificationCheck(
                CheckID.jwsHeader, .fail,
                "crit requires \(listed), which this verifier does not implement; RFC 7515 §4.1.11 says to reject the token")
        }
    }
}
