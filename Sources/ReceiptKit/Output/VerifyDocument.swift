/// The `verify` document for one input: the decoded receipt (without its container) and the verification
/// report, or what kept the input from being verified.
public enum VerifyDocument: Sendable {
    /// Decoded and verified.
    case verified(DecodeDocument, VerificationReport)
    /// Not a receipt that can be parsed: the error with its offset (verdict `malformed`).
    case malformed(source: String, size: Int, error: DecodeError)
    /// StoreKit 2 signed data: the item's own checks and every item nested in it, each with its report.
    case signedData(DecodeDocument, SignedDataReport)
    /// An App Store Server API answer: a report for each signed item in it.
    case signedDataBody(DecodeDocument, SignedDataBodyReport)

    /// Decodes `bytes` and runs every check of `policy`.
    public static func verify(source: String, bytes: [UInt8], policy: VerificationPolicy) -> VerifyDocument {
        let decoded: DecodeDocument
        do {
            decoded = try DecodeDocument(source: source, bytes: bytes)
        } catch {
            return .malformed(source: source, size: bytes.count, error: error)
        }
        let verifier = ReceiptVerifier(policy: policy)
        switch decoded.content {
        case .appReceipt(let receipt): return .verified(decoded, verifier.verify(receipt))
        case .transactionReceipt(let transaction): return .verified(decoded, verifier.verify(transaction))
        case .jws(let jws): return .signedData(decoded, SignedDataVerifier(policy: policy).verify(jws))
        case .signedDataBody(let body): return .signedDataBody(decoded, SignedDataVerifier(policy: policy).verify(body))
        }
    }

    /// `valid`, `invalid`, `untrusted`, `unverifiable_here` or `malformed`; signed data is valid only when
    /// every item in it (nested ones included) is.
    public var verdict: Verdict {
        switch self {
        case .verified(_, let report): return report.verdict
        case .malformed: return .malformed
        case .signedData(_, let report): return report.verdict ?? .unverifiableHere
        case .signedDataBody(_, let report): return report.verdict ?? .unverifiableHere
        }
    }

    /// The decoded input, when it could be decoded.
    public var decoded: DecodeDocument? {
        switch self {
        case .verified(let decoded, _), .signedData(let decoded, _), .signedDataBody(let decoded, _): return decoded
        case .malformed: return nil
        }
    }

    /// Decoding remarks (as `decode` warnings) followed by the report's date-sanity warnings.
    public var warnings: [VerificationWarning] {
        guard case .verified(let decoded, let report) = self else { return [] }
        return decoded.warnings.map { VerificationWarning(.decode, $0) } + report.warnings
    }

    public func json(_ naming: OptionNaming) -> JSONValue {
        switch self {
        case .verified(let decoded, let report):
            var object = decoded.members(includeContainer: false)
            object.merge(report.jsonMembers(naming)) { _, verification in verification }
            object["warnings"] = .array(warnings.map(\.json))
            return .object(object)
        case .malformed(let source, let size, let error):
            var failure: [String: JSONValue] = ["message": .string(error.message(naming))]
            if let offset = error.offset { failure["offset"] = .integer(offset) }
            return .object([
                "format_version": .integer(DecodeDocument.formatVersion), "verdict": .string(Verdict.malformed.rawValue),
                "input": .object(["source": .string(source), "size": .integer(size)]), "error": .object(failure),
            ])
        case .signedData(let decoded, let report):
            return .object(Self.signedDataMembers(decoded, report: report.json(naming)))
        case .signedDataBody(let decoded, let report):
            return .object(Self.signedDataMembers(decoded, report: report.json(naming)))
        }
    }

    /// What the input was, then the signed data's report: `{path, kind, verdict, item_verdict, jws, checks, ...,
    /// nested}` for one item, `{body, verdict, items, notes}` for an API answer.
    static func signedDataMembers(_ decoded: DecodeDocument, report: JSONValue) -> [String: JSONValue] {
        var object: [String: JSONValue] = [
            "format_version": .integer(DecodeDocument.formatVersion), "input": decoded.input.json,
        ]
        object.merge(report.objectValue ?? [:]) { own, _ in own }
        return object
    }
}
