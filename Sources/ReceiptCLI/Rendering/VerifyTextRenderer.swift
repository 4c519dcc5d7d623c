import ReceiptKit

/// The checklist rendering of a verify document (`--format text`).
enum VerifyTextRenderer {
    static func render(_ document: VerifyDocument) -> String {
        var lines: [String] = []
        switch document {
        case .malformed(let source, _, let error):
            lines.append("source             \(source)")
            lines.append("verdict            \(Verdict.malformed.rawValue)")
            lines.append("error              \(error.message(.commandLine))")
        case .signedData(let decoded, let report):
            lines += header(decoded, verdict: report.verdict, facts: document.facts)
            lines += report.notes.map { "note: \($0)" }
            lines += SignedDataTextRenderer.render(report, depth: 0)
        case .signedDataBody(let decoded, let report):
            lines += header(decoded, verdict: report.verdict, facts: document.facts)
            lines += report.notes.map { "note: \($0)" }
            for item in report.items { lines += SignedDataTextRenderer.render(item, depth: 0) }
        case .verified(let decoded, let report):
            lines += header(decoded, verdict: report.verdict, facts: document.facts)
            let time = report.verificationTime.map(\.rfc3339) ?? "none"
            lines.append("verification time  \(time) (\(report.verificationTimeSource.rendered(.commandLine)))")
            lines.append("trust anchor       \(report.trustAnchor.map { "\($0.name) (\($0.source))" } ?? "none")")
            lines.append("checks")
            lines += report.checks.map(checkLine)
            lines += document.warnings.map { "warning: [\($0.kind.rawValue)] \($0.detail)" }
        }
        return lines.renderedLines
    }

    /// Source, verdict, kind and the bundle id the input's signed data states (``InputFacts``: for StoreKit 2 the
    /// signed items', never an unsigned body's).
    static func header(_ decoded: DecodeDocument, verdict: Verdict?, facts: InputFacts?) -> [String] {
        var lines = [
            "source             \(decoded.input.source)", "verdict            \(verdict?.rawValue ?? "-")",
            "kind               \(decoded.input.kind.name)",
        ]
        if let bundle = facts?.bundleID { lines.append("bundle_id          \(bundle)") }
        return lines
    }

    static func checkLine(_ check: VerificationCheck) -> String {
        let mark: String
        switch check.status {
        case .pass: mark = "pass"
        case .fail: mark = "FAIL"
        case .skip: mark = "skip"
        case .error: mark = "ERR "
        }
        return "  [\(mark)] \(check.id.rawValue.padding(26)) \(check.detail.rendered(.commandLine))"
    }
}
