package import ReceiptKit

/// A record's verdict: `verify`'s verdict for the receipt, or `malformed` when the record could not be parsed.
///
/// The audit has its own type so that its output vocabulary stays stable whatever shape the verifier's types take;
/// the raw values are the words `verify` prints.
public enum AuditVerdict: String, Sendable, CaseIterable {
    /// ``Verdict/valid``: every check passed.
    case valid
    /// ``Verdict/invalid``: a check failed.
    case invalid
    /// ``Verdict/untrusted``: only the chain's anchor is not trusted.
    case untrusted
    /// ``Verdict/unverifiableHere``: nothing failed, but something could not be checked here.
    case unverifiableHere = "unverifiable_here"
    /// The record, or the receipt in it, could not be parsed.
    case malformed

    /// The audit's word for the verifier's verdict.
    package init(_ verdict: Verdict) {
        switch verdict {
        case .valid: self = .valid
        case .invalid: self = .invalid
        case .untrusted: self = .untrusted
        case .unverifiableHere: self = .unverifiableHere
        case .malformed: self = .malformed
        }
    }
}
