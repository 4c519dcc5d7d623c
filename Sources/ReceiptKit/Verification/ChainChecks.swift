/// The chain checks of an app receipt, one function each, reported in table order.
enum ChainChecks {
    /// keyUsage bits (X509v3_KU_*) as OpenSSL reports them.
    static let digitalSignature: UInt32 = 0x0080
    static let keyCertSign: UInt32 = 0x0004

    static let table: [@Sendable (ChainContext) -> VerificationCheck] = [
        path, signatures, anchor, leafMarker, intermediateMarker, basicConstraints, keyUsage, validity,
    ]

    /// Shape: exactly leaf -> intermediate -> root, every embedded certificate on it (or the Xcode shape).
    static func path(_ context: ChainContext) -> VerificationCheck {
        let names = context.certificates.map(\.displayName).joined(separator: " -> ")
        let count = context.certificates.count
        if context.isXcodeShape {
            return context.embeddedCount == 1
                ? VerificationCheck(.chainPath, .pass, "one self-signed certificate (\(names)), the Xcode StoreKit-testing shape")
                : VerificationCheck(
                    .chainPath, .fail,
                    "self-signed signer plus \(context.embeddedCount - 1) other certificate(s) that are not on its path")
        }
        if !context.top.isSelfSigned && !context.path.topFromAnchor {
            return VerificationCheck(
                .chainPath, .fail,
                "the path stops at \(names): no certificate named \(context.top.issuer) is embedded (missing intermediate or root)"
            )
        }
        if count != 3 {
            return VerificationCheck(
                .chainPath, .fail,
                "the path has \(count) certificates (\(names)); App Store receipts have exactly leaf -> intermediate -> root")
        }
        if !context.path.unusedIndexes.isEmpty {
            let unused = context.path.unusedIndexes.map(String.init).joined(separator: ", ")
            return VerificationCheck(.chainPath, .fail, "embedded certificate(s) \(unused) are not on the signing path \(names)")
        }
        let suffix = context.path.topFromAnchor ? " (root supplied by the trust anchor)" : ""
        return VerificationCheck(.chainPath, .pass, "\(names)\(suffix)")
    }

    /// Each certificate signed by the next one up (results cached per certificate pair).
    static func signatures(_ context: ChainContext) -> VerificationCheck {
        let certificates = context.certificates
        guard certificates.count > 1 else {
            return VerificationCheck(.chainSignatures, .pass, "no links: the signer is the anchor candidate itself")
        }
        var problems: [String] = []
        var errors: [String] = []
        for (child, issuer) in zip(certificates, certificates.dropFirst()) {
            switch context.linkCache.outcome(child: child, issuer: issuer) {
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
        return VerificationCheck(.chainSignatures, .pass, "\(certificates.count - 1) link(s) verify")
    }

    /// The top is trusted only by fingerprint, never because it came with the data.
    static func anchor(_ context: ChainContext) -> VerificationCheck {
        switch context.anchorResolution {
        case .anchor(let pinned):
            return VerificationCheck(
                .chainAnchor, .pass, "\(pinned.name), SHA-256 \(pinned.sha256Fingerprint) (\(pinned.source))")
        case .xcodeAllowed:
            return VerificationCheck(
                .chainAnchor, .pass, "StoreKit testing certificate, trusted because of \(option: .allowXcode)")
        case .xcodeRefused:
            return VerificationCheck(
                .chainAnchor, .fail,
                "signed by Xcode's StoreKit testing certificate, which no App Store receipt uses; pass \(option: .allowXcode) to trust it"
            )
        case .untrusted:
            let top = context.top
            let expected = context.policy.anchors.map(\.name).joined(separator: ", ")
            let impostor = top.subjectCommonName == "Apple Root CA" ? "; it carries Apple's name but not Apple's key" : ""
            return VerificationCheck(
                .chainAnchor, .fail,
                "the chain ends at \(top.displayName) (SHA-256 \(top.sha256Fingerprint)), which is not a trust anchor (\(expected))\(impostor)"
            )
        }
    }

    /// Apple's receipt-signing marker on the leaf (not used by Xcode's self-signed certificate).
    static func leafMarker(_ context: ChainContext) -> VerificationCheck {
        if context.isXcodeShape {
            return VerificationCheck(.chainLeafMarker, .skip, "the StoreKit testing certificate carries no Apple markers")
        }
        let has = context.leaf.hasExtension(.appleReceiptSigningMarker)
        return VerificationCheck(
            .chainLeafMarker, has ? .pass : .fail,
            "leaf \(has ? "carries" : "lacks") 1.2.840.113635.100.6.11.1 (Apple receipt signing)")
    }

    /// Apple's WWDR marker on every intermediate.
    static func intermediateMarker(_ context: ChainContext) -> VerificationCheck {
        if context.isXcodeShape {
            return VerificationCheck(.chainIntermediateMarker, .skip, "no intermediate in the Xcode shape")
        }
        let intermediates = context.intermediates
        guard !intermediates.isEmpty else {
            return VerificationCheck(.chainIntermediateMarker, .fail, "there is no intermediate certificate")
        }
        let missing = intermediates.filter { !$0.hasExtension(.appleWWDRIntermediateMarker) }
        guard missing.isEmpty else {
            let names = missing.map(\.displayName).joined(separator: ", ")
            return VerificationCheck(
                .chainIntermediateMarker, .fail, "\(names) lacks 1.2.840.113635.100.6.2.1 (Apple WWDR intermediate)")
        }
        return VerificationCheck(.chainIntermediateMarker, .pass, "intermediate carries 1.2.840.113635.100.6.2.1 (Apple WWDR)")
    }

    /// CA flags and path length: the leaf signs receipts only; everything above it must be a CA allowed to have
    /// that many CAs below it.
    static func basicConstraints(_ context: ChainContext) -> VerificationCheck {
        var problems: [String] = []
        if !context.isXcodeShape, context.leaf.isCA { problems.append("the leaf is a CA (CA:TRUE)") }
        for (index, certificate) in context.certificates.enumerated().dropFirst() {
            if !certificate.isCA { problems.append("\(certificate.displayName) signs certificates but is not a CA") }
            if let limit = certificate.pathLength, index - 1 > limit {
                problems.append("\(certificate.displayName) allows \(limit) intermediate(s) below it, the path has \(index - 1)")
            }
        }
        return problems.isEmpty
            ? VerificationCheck(.chainBasicConstraints, .pass, "leaf is not a CA; issuers are CAs within their path length")
            : VerificationCheck(.chainBasicConstraints, .fail, "\(problems.joined(separator: "; "))")
    }

    /// Key usage fits each role: the leaf signs, the issuers sign certificates (purpose any).
    static func keyUsage(_ context: ChainContext) -> VerificationCheck {
        var problems: [String] = []
        if let usage = context.leaf.keyUsage, usage & digitalSignature == 0 {
            problems.append("leaf key usage lacks digitalSignature")
        }
        for certificate in context.certificates.dropFirst() {
            if let usage = certificate.keyUsage, usage & keyCertSign == 0 {
                problems.append("\(certificate.displayName) key usage lacks keyCertSign")
            }
        }
        return problems.isEmpty
            ? VerificationCheck(.chainKeyUsage, .pass, "key usage fits each role (purpose any)")
            : VerificationCheck(.chainKeyUsage, .fail, "\(problems.joined(separator: "; "))")
    }

    /// Every certificate valid at the verification time.
    static func validity(_ context: ChainContext) -> VerificationCheck {
        guard let time = context.time else {
            return VerificationCheck(
                .chainValidity, .fail,
                "no verification time: the receipt has no creation date and \(option: .verificationTime) was not given")
        }
        let source = context.timeSource
        let invalid = context.certificates.filter { time < $0.notBefore || time > $0.notAfter }
        guard invalid.isEmpty else {
            let details: [Message] = invalid.map { certificate in
                "\(certificate.displayName) is valid \(certificate.notBefore) .. \(certificate.notAfter), not at \(time) (\(source))"
            }
            return VerificationCheck(.chainValidity, .fail, details.joined(separator: "; "))
        }
        return VerificationCheck(.chainValidity, .pass, "every certificate is valid at \(time) (\(source))")
    }
}
