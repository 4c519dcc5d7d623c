extension VerificationReport {
    /// `{verdict, verification_time, trust_anchor, checks, warnings, certificates}` as documented in the README.
    public var json: [String: JSONValue] {
        var object: [String: JSONValue] = [
            "verdict": .string(verdict.rawValue),
            "checks": .array(checks.map(\.json)),
            "warnings": .array(warnings.map { .object(["id": .string($0.id), "detail": .string($0.detail)]) }),
            "verification_time": .object([
                "time": verificationTime.map { .string($0.rfc3339) } ?? .null,
                "source": .string(verificationTimeSource),
            ]),
            "certificates": .array(
                certificates.map { entry in
                    .object([
                        "role": .string(entry.role), "subject": .string(entry.certificate.subject),
                        "issuer": .string(entry.certificate.issuer), "serial": .string(entry.certificate.serialNumberHex),
                        "not_before": .string(entry.certificate.notBefore.rfc3339),
                        "not_after": .string(entry.certificate.notAfter.rfc3339),
                        "sha256_fingerprint": .string(entry.certificate.sha256Fingerprint),
                    ])
                }),
        ]
        object["trust_anchor"] =
            trustAnchor.map { anchor in
                .object([
                    "name": .string(anchor.name), "sha256_fingerprint": .string(anchor.sha256Fingerprint),
                    "source": .string(anchor.source),
                ])
            } ?? .null
        return object
    }
}

extension VerificationCheck {
    public var json: JSONValue {
        .object(["id": .string(id), "status": .string(status.rawValue), "detail": .string(detail)])
    }
}
