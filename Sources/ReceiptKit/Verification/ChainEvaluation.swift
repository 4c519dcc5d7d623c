/// The chain checks of an app receipt: path shape, link signatures, anchor, Apple markers, CA flags, key usage
/// and validity at the verification time. Two shapes are known: App Store (leaf -> intermediate -> root, with
/// Apple's marker OIDs) and Xcode StoreKit testing (one self-signed certificate).
struct ChainEvaluation {
    let checks: [VerificationCheck]
    let anchor: TrustAnchor?
    let path: CertificatePath

    /// keyUsage bits (X509v3_KU_*) as OpenSSL reports them.
    static let digitalSignature: UInt32 = 0x0080
    static let keyCertSign: UInt32 = 0x0004

    init(
        path: CertificatePath, embeddedCount: Int, policy: VerificationPolicy, time: Timestamp?, timeSource: String,
        isXcodeReceipt: Bool, linkCache: LinkSignatureCache
    ) {
        self.path = path
        let certificates = path.certificates
        let leaf = certificates[0]
        let top = certificates[certificates.count - 1]
        let xcodeShape = certificates.count == 1 && leaf.isSelfSigned
        var checks: [VerificationCheck] = []

        // Shape: exactly leaf -> intermediate -> root, every embedded certificate on it.
        let names = certificates.map { $0.subjectCommonName ?? $0.subject }.joined(separator: " -> ")
        if xcodeShape {
            checks.append(
                VerificationCheck(
                    CheckID.chainPath, embeddedCount == 1 ? .pass : .fail,
                    embeddedCount == 1
                        ? "one self-signed certificate (\(names)), the Xcode StoreKit-testing shape"
                        : "self-signed signer plus \(embeddedCount - 1) other certificate(s) that are not on its path"))
        } else if !top.isSelfSigned && !path.topFromAnchor {
            checks.append(
                VerificationCheck(
                    CheckID.chainPath, .fail,
                    "the path stops at \(names): no certificate named \(top.issuer) is embedded (missing intermediate or root)"))
        } else if certificates.count != 3 {
            checks.append(
                VerificationCheck(
                    CheckID.chainPath, .fail,
                    "the path has \(certificates.count) certificates (\(names)); App Store receipts have exactly leaf -> intermediate -> root"
                ))
        } else if !path.unusedIndexes.isEmpty {
            checks.append(
                VerificationCheck(
                    CheckID.chainPath, .fail,
                    "embedded certificate(s) \(path.unusedIndexes.map(String.init).joined(separator: ", ")) are not on the signing path \(names)"
                ))
        } else {
            checks.append(
                VerificationCheck(
                    CheckID.chainPath, .pass, names + (path.topFromAnchor ? " (root supplied by the trust anchor)" : "")))
        }

        // Each certificate signed by the next one up.
        var signatureProblems: [String] = []
        var signatureErrors: [String] = []
        for index in 0..<(certificates.count - 1) {
            let child = certificates[index]
            let issuer = certificates[index + 1]
            switch linkCache.outcome(child: child, issuer: issuer) {
            case .valid: break
            case .mismatch(let reason):
                signatureProblems.append(
                    "\(child.subjectCommonName ?? child.subject) is not signed by \(issuer.subjectCommonName ?? issuer.subject)"
                        + (reason.map { " (\($0))" } ?? ""))
            case .unverifiable(let error):
                signatureErrors.append("\(child.subjectCommonName ?? child.subject): \(error)")
            }
        }
        if certificates.count == 1 {
            checks.append(
                VerificationCheck(CheckID.chainSignatures, .pass, "no links: the signer is the anchor candidate itself"))
        } else if !signatureProblems.isEmpty {
            checks.append(VerificationCheck(CheckID.chainSignatures, .fail, signatureProblems.joined(separator: "; ")))
        } else if !signatureErrors.isEmpty {
            checks.append(
                VerificationCheck(
                    CheckID.chainSignatures, .error, "OpenSSL could not check: " + signatureErrors.joined(separator: "; ")))
        } else {
            checks.append(VerificationCheck(CheckID.chainSignatures, .pass, "\(certificates.count - 1) link(s) verify"))
        }

        // Anchor: the top is trusted only by fingerprint, never because it came with the data.
        var anchor: TrustAnchor? = nil
        if let pinned = policy.anchors.first(where: { $0.sha256Fingerprint == top.sha256Fingerprint }) {
            anchor = pinned
            checks.append(
                VerificationCheck(
                    CheckID.chainAnchor, .pass, "\(pinned.name), SHA-256 \(pinned.sha256Fingerprint) (\(pinned.source))"))
        } else if xcodeShape, top.sha256Fingerprint == TrustAnchor.xcodeStoreKit.sha256Fingerprint {
            if policy.allowXcode {
                anchor = .xcodeStoreKit
                checks.append(
                    VerificationCheck(
                        CheckID.chainAnchor, .pass, "StoreKit testing certificate, trusted because of --allow-xcode"))
            } else {
                checks.append(
                    VerificationCheck(
                        CheckID.chainAnchor, .fail,
                        "signed by Xcode's StoreKit testing certificate, which no App Store receipt uses; pass --allow-xcode to trust it"
                    ))
            }
        } else {
            let expected = policy.anchors.map(\.name).joined(separator: ", ")
            checks.append(
                VerificationCheck(
                    CheckID.chainAnchor, .fail,
                    "the chain ends at \(top.subjectCommonName ?? top.subject) (SHA-256 \(top.sha256Fingerprint)), which is not a trust anchor (\(expected))"
                        + (top.subjectCommonName == "Apple Root CA" ? "; it carries Apple's name but not Apple's key" : "")))
        }

        // Apple's marker OIDs (not used by Xcode's self-signed certificate).
        if xcodeShape {
            checks.append(
                VerificationCheck(CheckID.chainLeafMarker, .skip, "the StoreKit testing certificate carries no Apple markers"))
            checks.append(VerificationCheck(CheckID.chainIntermediateMarker, .skip, "no intermediate in the Xcode shape"))
        } else {
            let leafHas = leaf.hasExtension(.appleReceiptSigningMarker)
            checks.append(
                VerificationCheck(
                    CheckID.chainLeafMarker, leafHas ? .pass : .fail,
                    "leaf \(leafHas ? "carries" : "lacks") 1.2.840.113635.100.6.11.1 (Apple receipt signing)"))
            let intermediates = certificates.count > 2 ? Array(certificates[1..<(certificates.count - 1)]) : []
            let missing = intermediates.filter { !$0.hasExtension(.appleWWDRIntermediateMarker) }
            if intermediates.isEmpty {
                checks.append(VerificationCheck(CheckID.chainIntermediateMarker, .fail, "there is no intermediate certificate"))
            } else if missing.isEmpty {
                checks.append(
                    VerificationCheck(
                        CheckID.chainIntermediateMarker, .pass, "intermediate carries 1.2.840.113635.100.6.2.1 (Apple WWDR)"))
            } else {
                checks.append(
                    VerificationCheck(
                        CheckID.chainIntermediateMarker, .fail,
                        missing.map { $0.subjectCommonName ?? $0.subject }.joined(separator: ", ")
                            + " lacks 1.2.840.113635.100.6.2.1 (Apple WWDR intermediate)"))
            }
        }

        // CA flags and path length: the leaf signs receipts only; everything above it must be a CA allowed to
        // have that many CAs below it.
        var constraintProblems: [String] = []
        if !xcodeShape, leaf.isCA { constraintProblems.append("the leaf is a CA (CA:TRUE)") }
        for index in certificates.indices.dropFirst() {
            let certificate = certificates[index]
            let name = certificate.subjectCommonName ?? certificate.subject
            if !certificate.isCA { constraintProblems.append("\(name) signs certificates but is not a CA") }
            if let limit = certificate.pathLength, index - 1 > limit {
                constraintProblems.append("\(name) allows \(limit) intermediate(s) below it, the path has \(index - 1)")
            }
        }
        checks.append(
            VerificationCheck(
                CheckID.chainBasicConstraints, constraintProblems.isEmpty ? .pass : .fail,
                constraintProblems.isEmpty
                    ? "leaf is not a CA; issuers are CAs within their path length" : constraintProblems.joined(separator: "; ")))

        var usageProblems: [String] = []
        if let usage = leaf.keyUsage, usage & Self.digitalSignature == 0 {
            usageProblems.append("leaf key usage lacks digitalSignature")
        }
        for certificate in certificates.dropFirst() {
            if let usage = certificate.keyUsage, usage & Self.keyCertSign == 0 {
                usageProblems.append("\(certificate.subjectCommonName ?? certificate.subject) key usage lacks keyCertSign")
            }
        }
        checks.append(
            VerificationCheck(
                CheckID.chainKeyUsage, usageProblems.isEmpty ? .pass : .fail,
                usageProblems.isEmpty ? "key usage fits each role (purpose any)" : usageProblems.joined(separator: "; ")))

        if let time {
            let invalid = certificates.filter { time < $0.notBefore || time > $0.notAfter }
            checks.append(
                VerificationCheck(
                    CheckID.chainValidity, invalid.isEmpty ? .pass : .fail,
                    invalid.isEmpty
                        ? "every certificate is valid at \(time) (\(timeSource))"
                        : invalid.map {
                            "\($0.subjectCommonName ?? $0.subject) is valid \($0.notBefore) .. \($0.notAfter), not at \(time) (\(timeSource))"
                        }
                        .joined(separator: "; ")))
        } else {
            checks.append(
                VerificationCheck(
                    CheckID.chainValidity, .fail, "no verification time: the receipt has no creation date and --at was not given")
            )
        }
        self.checks = checks
        self.anchor = anchor
    }

    /// Role names for every embedded certificate, in container order.
    func roles(embedded: [X509Certificate]) -> [(role: String, certificate: X509Certificate)] {
        let certificates = path.certificates
        var roles: [(role: String, certificate: X509Certificate)] = embedded.map { certificate in
            guard let position = certificates.firstIndex(where: { $0 === certificate }) else {
                return ("not on the signing path", certificate)
            }
            if certificates.count == 1 { return ("leaf (self-signed)", certificate) }
            if position == 0 { return ("leaf", certificate) }
            return (position == certificates.count - 1 ? "root" : "intermediate", certificate)
        }
        if path.topFromAnchor, let last = certificates.last { roles.append(("root (trust anchor, not embedded)", last)) }
        return roles
    }
}
