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
    /// - Parameters:
    ///   - source: What to call the input in the document (a file name, `-`).
    ///   - bytes: The input as read.
    ///   - policy: What to trust and check.
    /// - Returns: The document; an input that cannot be decoded is a ``malformed`` document, not an error.
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

    /// The whole document.
    /// - Parameters:
    ///   - output: Where to write it; the bytes are the ones `appreceipt verify` prints.
    ///   - naming: How messages name the caller's settings.
    public func write(to output: inout JSONOutput, _ naming: OptionNaming) {
        output.beginObject()
        switch self {
        case .verified(let decoded, let report):
            report.writeLeadingMembers(to: &output, naming)
            decoded.writeMembers(to: &output, includeContainer: false)
            report.writeTrailingMembers(to: &output, naming, warnings: false)
            output.key("warnings")
            VerificationWarning.write(warnings, to: &output)
        case .malformed(let source, let size, let error):
            output.key("error")
            error.write(to: &output, naming)
            output.key("format_version")
            output.integer(DecodeDocument.formatVersion)
            output.key("input")
            output.beginObject()
            output.key("size")
            output.integer(size)
            output.key("source")
            output.string(source)
            output.endObject()
            output.key("verdict")
            output.string(Verdict.malformed.rawValue)
        case .signedData(let decoded, let report):
            Self.writeInput(decoded, to: &output)
            report.writeMembers(to: &output, naming)
            let notes = report.notes
            if !notes.isEmpty { output.member("notes", strings: notes) }
        case .signedDataBody(let decoded, let report):
            Self.writeInput(decoded, to: &output)
            report.writeMembers(to: &output, naming)
        }
        output.endObject()
    }

    /// What the input was, before the signed data's report: `{path, kind, verdict, item_verdict, jws, checks,
    /// ..., nested}` for one item, `{body, verdict, items, notes}` for an API answer.
    static func writeInput(_ decoded: DecodeDocument, to output: inout JSONOutput) {
        output.key("format_version")
        output.integer(DecodeDocument.formatVersion)
        output.key("input")
        decoded.input.write(to: &output)
    }
}

extension DecodeError {
    /// `{message, offset}`, as the `error` member of a document that could not be read.
    func write(to output: inout JSONOutput, _ naming: OptionNaming) {
        output.beginObject(keysInOrder: true)
        output.key("message")
        output.string(message(naming))
        output.member("offset", integer: offset)
        output.endObject()
    }
}
