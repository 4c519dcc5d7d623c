/// What verification takes from one chain: the path, its time-free checks in report order (the shape check,
/// `chain.signatures`, `chain.anchor`, the two markers, `chain.basic_constraints`, `chain.key_usage`), the
/// anchor, the certificate roles, and what OpenSSL found about validity at the time it ran, from which
/// ``validity(time:source:missingTime:)`` makes `chain.validity` for any time of the same ``ValidityWindow``.
struct ChainEvaluation: Sendable {
    /// OpenSSL's finding that a certificate is not valid at the window's time.
    struct TimeFinding: Sendable {
        let certificate: X509Certificate?
        let reason: String
    }

    /// Leaf first, as ``CertificatePath/certificates``: what the validity check reads.
    let certificates: [X509Certificate]
    let checks: [VerificationCheck]
    let anchor: TrustAnchor?
    let roles: [VerificationReport.CertificateRole]
    let timeFindings: [TimeFinding]

    /// Every certificate of the path valid at `time`, by its own readable period and by OpenSSL's verifier;
    /// `missingTime` says why there is no time when there is none.
    func validity(time: Timestamp?, source: TimeSource, missingTime: Message) -> VerificationCheck {
        guard let time else { return VerificationCheck(.chainValidity, .fail, missingTime) }
        var details: [Message] = []
        var named: [X509Certificate] = []
        for certificate in certificates {
            switch certificate.validityPeriod {
            case .success(let period) where !period.contains(time):
                details.append(
                    "\(certificate.displayName) is valid \(period.lowerBound) .. \(period.upperBound), not at \(time) (\(source))"
                )
                named.append(certificate)
            case .success: break
            // An unreadable notBefore or notAfter is never read as some default date: it fails, saying why.
            case .failure(let problem):
                details.append("\(problem.description)")
                named.append(certificate)
            }
        }
        for finding in timeFindings where !named.contains(where: { $0 === finding.certificate }) {
            details.append("\(finding.certificate?.displayName ?? "a certificate"): OpenSSL: \(finding.reason) at \(time)")
        }
        guard details.isEmpty else { return VerificationCheck(.chainValidity, .fail, details.joined(separator: "; ")) }
        return VerificationCheck(.chainValidity, .pass, "every certificate is valid at \(time) (\(source))")
    }
}

extension X509Certificate {
    /// The common name, or the whole subject when there is none: how certificates are named in check details.
    var displayName: String { subjectCommonName ?? subject }

    /// The validity period when both ends are RFC 5280 times; otherwise why it is not, for a failing check (an
    /// unreadable end never counts as "no limit").
    var validityPeriod: Result<ClosedRange<Timestamp>, ProblemText> {
        // The usual answer without the arrays below: both ends are instants, in order.
        if let start = notBefore.timestamp, let end = notAfter.timestamp, start <= end { return .success(start...end) }
        let reasons = [notBefore, notAfter].compactMap { time -> String? in
            if case .unreadable(_, let reason) = time { return reason }
            return nil
        }
        guard reasons.isEmpty, let start = notBefore.timestamp, let end = notAfter.timestamp else {
            return .failure(ProblemText("\(displayName) has no readable validity period: \(reasons.joined(separator: "; "))"))
        }
        guard start <= end else {
            return .failure(ProblemText("\(displayName)'s validity period ends (\(end)) before it starts (\(start))"))
        }
        return .success(start...end)
    }
}
