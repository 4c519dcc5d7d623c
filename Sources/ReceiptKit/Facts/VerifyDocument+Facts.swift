/// What `verify` states about its input: the same facts `audit` writes and `report` counts.
extension VerifyDocument {
    /// The input's facts: a receipt's from its signed payload, StoreKit 2's from its signed items; nil when the
    /// input could not be decoded.
    public var facts: InputFacts? {
        switch self {
        case .verified(let decoded, _): InputFacts(receipt: decoded.content)
        case .malformed: nil
        case .signedData(_, let report): report.facts
        case .signedDataBody(_, let report): report.facts
        }
    }
}
