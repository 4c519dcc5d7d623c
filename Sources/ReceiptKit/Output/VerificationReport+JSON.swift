extension VerificationReport {
    /// The report's members as documented in the README: `certificates`, `checks`, `trust_anchor`, `verdict`,
    /// `verification_time` and `warnings`. A document that puts its own verdict or its own warnings in their
    /// place leaves those out here.
    package func writeMembers(
        to output: inout JSONOutput, _ naming: OptionNaming, verdict writesVerdict: Bool = true,
        warnings writesWarnings: Bool = true
    ) {
        writeLeadingMembers(to: &output, naming)
        writeTrailingMembers(to: &output, naming, verdict: writesVerdict, warnings: writesWarnings)
    }

    /// `certificates` and `checks`: the members that sort before a document's own (`environment`, `input`, ...),
    /// written first so the document needs no reordering.
    func writeLeadingMembers(to output: inout JSONOutput, _ naming: OptionNaming) {
        output.key("certificates")
        output.beginArray()
        for role in certificates { role.write(to: &output) }
        output.endArray()
        output.key("checks")
        output.beginArray()
        for check in checks { check.write(to: &output, naming) }
        output.endArray()
    }

    /// `trust_anchor`, `verdict`, `verification_time` and `warnings`.
    func writeTrailingMembers(
        to output: inout JSONOutput, _ naming: OptionNaming, verdict writesVerdict: Bool = true,
        warnings writesWarnings: Bool = true
    ) {
        output.key("trust_anchor")
        if let trustAnchor { trustAnchor.write(to: &output) } else { output.null() }
        if writesVerdict {
            output.key("verdict")
            output.string(verdict.rawValue)
        }
        output.key("verification_time")
        output.beginObject(keysInOrder: true)
        output.key("source")
        output.string(verificationTimeSource.rendered(naming))
        output.key("time")
        if let verificationTime { output.rfc3339(verificationTime) } else { output.null() }
        output.endObject()
        if writesWarnings {
            output.key("warnings")
            VerificationWarning.write(warnings, to: &output)
        }
    }
}

extension VerificationReport.CertificateRole {
    package func write(to output: inout JSONOutput) {
        output.beginObject(keysInOrder: true)
        output.key("issuer")
        output.string(certificate.issuer)
        output.key("not_after")
        output.certificateTime(certificate.notAfter)
        output.key("not_before")
        output.certificateTime(certificate.notBefore)
        output.key("role")
        output.string(role)
        output.key("serial")
        output.string(certificate.serialNumberHex)
        output.key("sha256_fingerprint")
        output.string(certificate.sha256Fingerprint)
        output.key("subject")
        output.string(certificate.subject)
        output.endObject()
    }
}

extension TrustAnchor {
    package func write(to output: inout JSONOutput) {
        output.beginObject(keysInOrder: true)
        output.key("name")
        output.string(name)
        output.key("sha256_fingerprint")
        output.string(sha256Fingerprint)
        output.key("source")
        output.string(source)
        output.endObject()
    }
}

extension VerificationCheck {
    package func write(to output: inout JSONOutput, _ naming: OptionNaming) {
        output.beginObject(keysInOrder: true)
        output.key("detail")
        output.string(detail.rendered(naming))
        output.key("id")
        output.string(id.rawValue)
        output.key("status")
        output.string(status.rawValue)
        output.endObject()
    }
}

extension VerificationWarning {
    package func write(to output: inout JSONOutput) {
        output.beginObject(keysInOrder: true)
        output.key("detail")
        output.string(detail)
        output.key("id")
        output.string(kind.rawValue)
        output.endObject()
    }

    /// The warnings as an array.
    package static func write(_ warnings: some Sequence<VerificationWarning>, to output: inout JSONOutput) {
        output.beginArray()
        for warning in warnings { warning.write(to: &output) }
        output.endArray()
    }
}
