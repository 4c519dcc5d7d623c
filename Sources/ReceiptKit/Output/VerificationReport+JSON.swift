extension VerificationReport {
    /// `{verdict, verification_time, trust_anchor, checks, warnings, certificates}` as documented in the README.
    public func jsonMembers(_ naming: OptionNaming) -> [String: JSONValue] {
        [
            "verdict": .string(verdict.rawValue),
            "checks": .array(checks.map { $0.json(naming) }),
            "warnings": .array(warnings.map(\.json)),
            "verification_time": .object([
                "time": verificationTime.map { .string($0.rfc3339) } ?? .null,
                "source": .string(verificationTimeSource.rendered(naming)),
            ]),
            "certificates": .array(certificates.map(\.json)),
            "trust_anchor": trustAnchor?.json ?? .null,
        ]
    }
}

extension VerificationReport.CertificateRole {
    public var json: JSONValue {
        .object([
            "role": .string(role), "subject": .string(certificate.subject), "issuer": .string(certificate.issuer),
            "serial": .string(certificate.serialNumberHex), "not_before": .string(certificate.notBefore.rendered),
            "not_after": .string(certificate.notAfter.rendered), "sha256_fingerprint": .string(certificate.sha256Fingerprint),
        ])
    }
}

extension TrustAnchor {
    public var json: JSONValue {
        .object(["name": .string(name), "sha256_fingerprint": .string(sha256Fingerprint), "source": .string(source)])
    }
}

extension VerificationCheck {
    public func json(_ naming: OptionNaming) -> JSONValue {
        .object(["id": .string(id.rawValue), "status": .string(status.rawValue), "detail": .string(detail.rendered(naming))])
    }
}

extension VerificationWarning {
    public var json: JSONValue { .object(["id": .string(kind.rawValue), "detail": .string(detail)]) }
}
