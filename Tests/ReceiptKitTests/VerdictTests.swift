import ReceiptKit
import Testing

/// How checks add up to a verdict: a failed anchor alone is "untrusted", any other failure "invalid", and a
/// check that could not be made (OpenSSL refusing SHA-1, an iOS 6 chain without its CA) "unverifiable_here".
@Suite struct VerdictTests {
    func checks(_ statuses: [(CheckID, VerificationCheck.Status)]) -> [VerificationCheck] {
        statuses.map { VerificationCheck($0.0, $0.1, "") }
    }

    @Test func verdictRules() {
        #expect(Verdict(checks: checks([(CheckID.signerSignature, .pass), (CheckID.bundleID, .skip)])) == .valid)
        #expect(Verdict(checks: checks([(CheckID.signerSignature, .pass), (CheckID.chainAnchor, .fail)])) == .untrusted)
        #expect(Verdict(checks: checks([(CheckID.chainAnchor, .fail), (CheckID.chainLeafMarker, .fail)])) == .invalid)
        #expect(Verdict(checks: checks([(CheckID.signerSignature, .error), (CheckID.chainAnchor, .pass)])) == .unverifiableHere)
        // A failure outweighs what could not be checked: forged is forged.
        #expect(Verdict(checks: checks([(CheckID.signerSignature, .error), (CheckID.chainLeafMarker, .fail)])) == .invalid)
        #expect(Verdict(checks: checks([(CheckID.chainAnchor, .error), (CheckID.chainAnchor, .fail)])) == .untrusted)
    }
}
