public import ReceiptKit

/// A record's verdict: `verify`'s verdict for the receipt, or `malformed` when the record could not be parsed.
///
/// The audit has its own type so that its output vocabulary stays stable whatever shape the verifier's types take;
/// the raw values are the words `verify` prints.
public enum AuditVerdict: String, Sendable, CaseIterable {
    case valid
    case invalid
    case untrusted
    case unverifiableHere = "unverifiable_here"
    case malformed

    /// The audit's word for the verifier's verdict.
    public init(_ verdict: Verdict) {
        switch verdict {
        case .valid: self = .valid
        case .invalid: self = .invalid
        case .untrusted: self = .untrusted
        case .unverifiableHere: self = .unverifiableHere
        case .malformed: self = .malformed
        }
    }
}
