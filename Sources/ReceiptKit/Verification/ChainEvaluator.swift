/// The one chain evaluator of app receipts and StoreKit 2 signed data.
///
/// The path is built by issuer names from the signer (``PathShapePolicy``); OpenSSL's verifier validates it
/// (``X509PathValidation``) with a store that holds only the anchors in force, at the verification time, purpose
/// any, recording every error. RFC 5280's rules (signatures, CA flags, path length, issuers' key usage, unknown
/// critical and malformed extensions, validity) thus come from OpenSSL; Apple's rules sit on top as the values of
/// ``ChainPolicy`` (exact shape, pinned anchors, marker OIDs, the Xcode rule) plus the leaf's own role (it signs
/// data: no CA flag, digitalSignature). Each check is reported on its own, and results are kept per
/// ``ChainResultCache/Key``.
struct ChainEvaluator {
    let policy: ChainPolicy
    let linkCache: LinkSignatureCache

    /// keyUsage bits (X509v3_KU_*) as OpenSSL reports them.
    static let digitalSignature: UInt32 = 0x0080
    static let keyCertSign: UInt32 = 0x0004

    /// The evaluation of the chain from `leaf` through `embedded` at `time` (any time of its ``ValidityWindow``).
    func evaluate(leaf: X509Certificate, embedded: [X509Certificate], time: Timestamp?) -> ChainEvaluation {
        let window = ValidityWindow(time, certificates: embedded, anchors: policy.anchors.anchors)
        let key = ChainResultCache.Key(leaf: leaf, embedded: embedded, policy: policy, window: window)
        return linkCache.chains.evaluation(for: key, certificates: [leaf] + embedded) {
            evaluateUncached(leaf: leaf, embedded: embedded, time: time)
        }
    }

    private func evaluateUncached(leaf: X509Certificate, embedded: [X509Certificate], time: Timestamp?) -> ChainEvaluation {
        let path = policy.shape.path(leaf: leaf, embedded: embedded, anchors: policy.anchors, linkCache: linkCache)
        let certificates = path.certificates
        let top = certificates[certificates.count - 1]
        let xcodeShape =
            policy.shape.knowsXcode && XcodePolicy.isXcodeShape(path: certificates, embeddedCount: embedded.count)
        var (anchorCheck, anchor) = appleAnchor(path, xcodeShape: xcodeShape)
        var trusted = policy.anchors.certificates
        if anchor != nil, !trusted.contains(top) { trusted.append(top) }
        let validation = X509PathValidation(path: certificates, trusted: trusted, time: time)
        if anchor != nil, let refusal = validation.findings.first(where: { $0.problem == .untrusted }) {
            let name = refusal.certificate?.displayName ?? "the chain"
            anchorCheck = VerificationCheck(
                .chainAnchor, .fail,
                anchorCheck.detail + ", but OpenSSL's verifier does not reach it (\(name): \(refusal.reason))")
            anchor = nil
        }
        let checks = [
            policy.shape.check(path, embedded: embedded, xcode: policy.xcode),
            signatures(certificates, validation: validation),
            anchorCheck,
            policy.markers.leafCheck(certificates, xcodeShape: xcodeShape),
            policy.markers.intermediateCheck(certificates, xcodeShape: xcodeShape),
            basicConstraints(certificates, validation: validation, xcodeShape: xcodeShape),
            keyUsage(certificates, validation: validation),
        ]
        let timeProblems: [X509PathValidation.Problem] = [.notYetValid, .expired, .unreadableTime]
        let timeFindings = validation.findings.filter { timeProblems.contains($0.problem) }.map {
            ChainEvaluation.TimeFinding(certificate: $0.certificate, reason: $0.reason)
        }
        return ChainEvaluation(
            certificates: certificates, checks: checks, anchor: anchor, roles: policy.shape.roles(path, embedded: embedded),
            timeFindings: timeFindings)
    }

    /// Apple's anchor rules: the pinned fingerprint, or the Xcode rule for the Xcode shape.
    private func appleAnchor(_ path: CertificatePath, xcodeShape: Bool) -> (VerificationCheck, TrustAnchor?) {
        let top = path.certificates[path.certificates.count - 1]
        if let pinned = policy.anchors.pinned(top) {
            let detail = "\(pinned.name), SHA-256 \(pinned.sha256Fingerprint) (\(pinned.source))" + policy.shape.anchorNote(path)
            return (VerificationCheck(.chainAnchor, .pass, Message(verbatim: detail)), pinned)
        }
        if let unanchored = policy.shape.unanchoredCheck(path) { return (unanchored, nil) }
        if xcodeShape { return policy.xcode.anchorCheck(signer: top) }
        return (policy.anchors.untrustedCheck(top: top, place: policy.shape.place), nil)
    }

    /// Each certificate signed by the next one up, as OpenSSL's verifier found; a link its chain does not hold
    /// (it refused the issuer for another rule, reported there) and a failing one are checked on their own,
    /// which also tells a mismatch from a signature OpenSSL cannot check here. A lone self-signed signer's own
    /// signature is checked too.
    private func signatures(_ certificates: [X509Certificate], validation: X509PathValidation) -> VerificationCheck {
        let pairs: [(child: X509Certificate, issuer: X509Certificate)]
        let passed: String
        if certificates.count > 1 {
            pairs = Array(zip(certificates, certificates.dropFirst()))
            passed = "\(certificates.count - 1) link(s) verify"
        } else if certificates[0].isSelfSigned {
            pairs = [(certificates[0], certificates[0])]
            passed = "the certificate's self-signature verifies"
        } else {
            return policy.shape.loneSignerCheck(certificates[0])
        }
        var problems: [String] = []
        var errors: [String] = []
        for (child, issuer) in pairs {
            let outcome = validation.verified(child, by: issuer) ? .valid : linkCache.outcome(child: child, issuer: issuer)
            switch outcome {
            case .valid: break
            case .mismatch(let reason):
                problems.append("\(child.displayName) is not signed by \(issuer.displayName)" + (reason.map { " (\($0))" } ?? ""))
            case .unverifiable(let error):
                errors.append("\(child.displayName): \(error)")
            }
        }
        if !problems.isEmpty { return VerificationCheck(.chainSignatures, .fail, "\(problems.joined(separator: "; "))") }
        if !errors.isEmpty {
            return VerificationCheck(.chainSignatures, .error, "OpenSSL could not check: \(errors.joined(separator: "; "))")
        }
        return VerificationCheck(.chainSignatures, .pass, Message(verbatim: passed))
    }

    /// The leaf signs data only (unless it is the Xcode signer); OpenSSL's CA-flag, path-length and extension
    /// findings for everything on the path.
    private func basicConstraints(_ certificates: [X509Certificate], validation: X509PathValidation, xcodeShape: Bool)
        -> VerificationCheck
    {
        var problems: [String] = []
        if !xcodeShape, certificates[0].isCA { problems.append("the leaf is a CA (CA:TRUE)") }
        for (index, certificate) in certificates.enumerated() {
            for finding in validation.findings where finding.certificate === certificate {
                let problem = Self.constraintProblem(finding, certificate: certificate, index: index)
                if let problem, !problems.contains(problem) { problems.append(problem) }
            }
        }
        for finding in validation.findings where finding.certificate == nil && finding.problem == .other {
            problems.append("OpenSSL: \(finding.reason)")
        }
        guard problems.isEmpty else {
            return VerificationCheck(.chainBasicConstraints, .fail, Message(verbatim: problems.joined(separator: "; ")))
        }
        return VerificationCheck(
            .chainBasicConstraints, .pass,
            xcodeShape
                ? "the self-signed StoreKit Testing certificate signs the data itself"
                : "leaf is not a CA; issuers are CAs within their path length")
    }

    /// How one of OpenSSL's findings reads in `chain.basic_constraints`, nil when another check reports it.
    private static func constraintProblem(_ finding: X509PathValidation.Finding, certificate: X509Certificate, index: Int)
        -> String?
    {
        let name = certificate.displayName
        switch finding.problem {
        case .notCA where lacksKeyCertSign(certificate):
            // OpenSSL's CA test includes keyUsage; chain.key_usage reports a missing keyCertSign.
            return certificate.isCA ? nil : "\(name) signs certificates but is not a CA"
        case .notCA:
            return certificate.isCA || index == 0
                ? "\(name): OpenSSL: \(finding.reason)" : "\(name) signs certificates but is not a CA"
        case .pathLength:
            let limit = certificate.pathLength.map(String.init) ?? "no"
            return "\(name) allows \(limit) intermediate(s) below it, the path has \(max(index - 1, 0))"
        case .unhandledCriticalExtension:
            let oids = certificate.unhandledCriticalExtensionOIDs.joined(separator: ", ")
            return "\(name) carries a critical extension OpenSSL does not implement (\(oids)), which RFC 5280 §4.2 says to reject"
        case .malformedExtension:
            return "\(name) has an extension OpenSSL cannot parse (\(finding.reason))"
        case .other:
            return "\(name): OpenSSL: \(finding.reason)"
        case .untrusted, .signature, .notYetValid, .expired, .unreadableTime, .keyCertSign, .issuerMismatch:
            return nil
        }
    }

    private static func lacksKeyCertSign(_ certificate: X509Certificate) -> Bool {
        certificate.keyUsage.map { $0 & keyCertSign == 0 } ?? false
    }

    /// Key usage fits each role: the leaf signs (Apple's rule), the issuers sign certificates (OpenSSL's).
    private func keyUsage(_ certificates: [X509Certificate], validation: X509PathValidation) -> VerificationCheck {
        var problems: [String] = []
        if let usage = certificates[0].keyUsage, usage & Self.digitalSignature == 0 {
            problems.append("leaf key usage lacks digitalSignature")
        }
        for certificate in certificates.dropFirst() {
            let refused =
                validation.contains(.keyCertSign, for: certificate)
                || (validation.contains(.notCA, for: certificate) && Self.lacksKeyCertSign(certificate))
            if refused { problems.append("\(certificate.displayName) key usage lacks keyCertSign") }
        }
        guard problems.isEmpty else {
            return VerificationCheck(.chainKeyUsage, .fail, Message(verbatim: problems.joined(separator: "; ")))
        }
        return VerificationCheck(.chainKeyUsage, .pass, "key usage fits each role (purpose any)")
    }
}
