/// The `verify` document for one input: the decoded receipt (without its container) and the verification
/// report, or what kept the input from being verified.
public enum VerifyDocument: Sendable {
    /// Decoded and verified.
    case verified(DecodeDocument, VerificationReport)
    /// Not a receipt that can be parsed: the error with its offset (verdict `malformed`).
    case malformed(source: String, size: Int, error: DecodeError)
    /// Decoded, but of a kind this verifier does not check yet (StoreKit 2 JWS).
    case unsupported(DecodeDocument)

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
        case .jws: return .unsupported(decoded)
        }
    }

    /// `valid`, `invalid`, `untrusted`, `unverifiable_here` or `malformed`; nil when not verified at all.
    public var verdict: Verdict? {
        switch self {
        case .verified(_, let report): return report.verdict
        case .malformed: return .malformed
        case .unsupported: return nil
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
        case .unsupported(let decoded):
            return decoded.json
        }
    }
}
