/// The certificate rules receipts and StoreKit 2 signed data share, over a path given leaf first: link
/// signatures, Apple's marker OIDs, CA flags and path length, key usage, validity. ``ChainChecks`` (receipts)
/// and ``JWSChainEvaluation`` (JWS) call these, so one rule is written once.
enum ChainRules {
    /// keyUsage bits (X509v3_KU_*) as OpenSSL reports them.
    static let digitalSignature: UInt32 = 0x0080
    static let keyCertSign: UInt32 = 0x0004

    /// Each child signed by its issuer: fail on a mismatch, error when OpenSSL could not check, else pass.
    static func signatures(
        _ id: CheckID, pairs: [(child: X509Certificate, issuer: X509Certificate)], linkCache: LinkSignatureCache, passed: String
    ) -> VerificationCheck {
        var problems: [String] = []
        var errors: [String] = []
        for (child, issuer) in pairs {
            switch linkCache.outcome(child: child, issuer: issuer) {
            case .valid: break
            case .mismatch(let reason):
                problems.append("\(child.displayName) is not signed by \(issuer.displayName)" + (reason.map { " (\($0))" } ?? ""))
            case .unverifiable(let error):
                errors.append("\(child.displayName): \(error)")
            }
        }
        if !problems.isEmpty { return VerificationCheck(id, .fail, "\(problems.joined(separator: "; "))") }
        if !errors.isEmpty { return VerificationCheck(id, .error, "OpenSSL could not check: \(errors.joined(separator: "; "))") }
        return VerificationCheck(id, .pass, Message(verbatim: passed))
    }

    /// Apple's receipt-signing marker (1.2.840.113635.100.6.11.1) on the leaf.
    static func leafMarker(_ id: CheckID, leaf: X509Certificate) -> VerificationCheck {
        let has = leaf.hasExtension(.appleReceiptSigningMarker)
        return VerificationCheck(
            id, has ? .pass : .fail, "leaf \(has ? "carries" : "lacks") 1.2.840.113635.100.6.11.1 (Apple receipt signing)")
    }

    /// Apple's WWDR marker (1.2.840.113635.100.6.2.1) on every intermediate, and at least one intermediate.
    static func intermediateMarker(_ id: CheckID, intermediates: ArraySlice<X509Certificate>) -> VerificationCheck {
        guard !intermediates.isEmpty else { return VerificationCheck(id, .fail, "there is no intermediate certificate") }
        let missing = intermediates.filter { !$0.hasExtension(.appleWWDRIntermediateMarker) }
        guard missing.isEmpty else {
            let names = missing.map(\.displayName).joined(separator: ", ")
            return VerificationCheck(id, .fail, "\(names) lacks 1.2.840.113635.100.6.2.1 (Apple WWDR intermediate)")
        }
        return VerificationCheck(id, .pass, "intermediate carries 1.2.840.113635.100.6.2.1 (Apple WWDR)")
    }

    /// The leaf signs data only (unless it is the lone self-signed signer); everything above it must be a CA
    /// allowed to have that many CAs below it. With `versionOneRootIsCA`, a self-signed version 1 root, which
    /// cannot say CA:TRUE, counts as a CA at the top, as OpenSSL counts it.
    static func constraintProblems(_ certificates: [X509Certificate], leafMayBeCA: Bool, versionOneRootIsCA: Bool)
        -> [String]
    {
        var problems: [String] = []
        if !leafMayBeCA, certificates[0].isCA { problems.append("the leaf is a CA (CA:TRUE)") }
        for (index, certificate) in certificates.enumerated().dropFirst() {
            let versionOneRoot =
                versionOneRootIsCA && index == certificates.count - 1 && certificate.isSelfSigned && certificate.isVersion1
            if !certificate.isCA && !versionOneRoot {
                problems.append("\(certificate.displayName) signs certificates but is not a CA")
            }
            if let limit = certificate.pathLength, index - 1 > limit {
                problems.append("\(certificate.displayName) allows \(limit) intermediate(s) below it, the path has \(index - 1)")
            }
        }
        return problems
    }

    /// Key usage fits each role: the leaf signs, the issuers sign certificates.
    static func keyUsageProblems(_ certificates: [X509Certificate]) -> [String] {
        var problems: [String] = []
        if let usage = certificates[0].keyUsage, usage & digitalSignature == 0 {
            problems.append("leaf key usage lacks digitalSignature")
        }
        for certificate in certificates.dropFirst() {
            if let usage = certificate.keyUsage, usage & keyCertSign == 0 {
                problems.append("\(certificate.displayName) key usage lacks keyCertSign")
            }
        }
        return problems
    }

    /// Every certificate valid at `time`; `missingTime` says why there is none when there is none.
    static func validity(
        _ id: CheckID, _ certificates: [X509Certificate], time: Timestamp?, source: TimeSource, missingTime: Message
    ) -> VerificationCheck {
        guard let time else { return VerificationCheck(id, .fail, missingTime) }
        var details: [Message] = []
        for certificate in certificates {
            switch certificate.validityPeriod {
            case .success(let period) where !period.contains(time):
                details.append(
                    "\(certificate.displayName) is valid \(period.lowerBound) .. \(period.upperBound), not at \(time) (\(source))"
                )
            case .success: break
            // An unreadable notBefore or notAfter is never read as some default date: it fails, saying why.
            case .failure(let problem): details.append("\(problem.description)")
            }
        }
        guard details.isEmpty else { return VerificationCheck(id, .fail, details.joined(separator: "; ")) }
        return VerificationCheck(id, .pass, "every certificate is valid at \(time) (\(source))")
    }
}
