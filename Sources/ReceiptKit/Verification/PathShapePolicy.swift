/// The exact path shape each era allows, its check and how its certificates are named in the report.
///
/// App receipts: leaf -> intermediate -> root built by issuer names, every embedded certificate on it
/// (`chain.path`). StoreKit 2: `x5c` is exactly leaf, intermediate, root in that order (`jws.x5c`). Both also
/// know the Xcode shape, one self-signed certificate (``XcodePolicy``). iOS 6 transaction receipts embed only
/// their leaf: the path is the leaf and the caller's anchor that issued it, or the leaf alone, which cannot be
/// checked further here.
enum PathShapePolicy: Hashable, Sendable {
    case appReceipt
    case storeKit2
    case transactionReceipt

    /// Where the data keeps its certificates, for check details.
    var place: String { self == .storeKit2 ? "in x5c" : "embedded" }

    /// The Xcode shape is one this era knows.
    var knowsXcode: Bool { self != .transactionReceipt }

    /// The path from `leaf` by issuer names; for StoreKit 2 an anchor may stand in for x5c's root.
    func path(leaf: X509Certificate, embedded: [X509Certificate], anchors: AnchorPolicy, linkCache: LinkSignatureCache)
        -> CertificatePath
    {
        let built = CertificatePath(leaf: leaf, embedded: embedded, anchors: anchors.anchors)
        return self == .storeKit2 ? built.replacingRoot(anchors: anchors, linkCache: linkCache) : built
    }

    /// `chain.path` or `jws.x5c` (after the header's own format checks, which ``JWSVerifier`` makes).
    func check(_ path: CertificatePath, embedded: [X509Certificate], xcode: XcodePolicy) -> VerificationCheck {
        switch self {
        case .appReceipt: return Self.receiptPath(path, embeddedCount: embedded.count)
        case .storeKit2: return Self.x5c(path, embedded: embedded, xcode: xcode)
        case .transactionReceipt:
            guard path.topFromAnchor, let issuer = path.certificates.last else {
                return VerificationCheck(.chainPath, .skip, Self.missingIssuer(path.certificates[0]))
            }
            return VerificationCheck(
                .chainPath, .pass, "\(path.certificates[0].displayName) -> \(issuer.displayName) (trust anchor)")
        }
    }

    /// `chain.anchor` when the data stops short of any anchor and this era cannot say more: an iOS 6 leaf whose
    /// issuer was not given is not forged, only not checkable here (`error`). Nil for the other eras.
    func unanchoredCheck(_ path: CertificatePath) -> VerificationCheck? {
        guard self == .transactionReceipt, !path.topFromAnchor else { return nil }
        return VerificationCheck(
            .chainAnchor, .error, "the chain to Apple's root cannot be checked: " + Self.missingIssuer(path.certificates[0]))
    }

    /// `chain.signatures` for a lone signer that is not self-signed: no issuer to check it with.
    func loneSignerCheck(_ leaf: X509Certificate) -> VerificationCheck {
        VerificationCheck(
            .chainSignatures, .skip,
            self == .transactionReceipt
                ? Self.missingIssuer(leaf) : "no issuer certificate for \(leaf.displayName) to check it against")
    }

    /// Why an iOS 6 chain cannot be checked without the issuing CA.
    private static func missingIssuer(_ leaf: X509Certificate) -> Message {
        "only the leaf is embedded and its issuer (\(leaf.issuer)) is not available here; pass it with \(option: .trustAnchor) to check the chain"
    }

    /// A note for a passing `chain.anchor` when the anchor's certificate, not the data's, ends the path.
    func anchorNote(_ path: CertificatePath) -> String {
        guard self == .storeKit2 else { return "" }
        if path.topFromAnchor { return "; x5c holds no root, the anchor's certificate completes the chain" }
        if let replaced = path.replacedRoot {
            return "; x5c's root (SHA-256 \(replaced.sha256Fingerprint)) is not the anchor and is ignored, as Apple's "
                + "library does: the intermediate is signed by the anchor"
        }
        return ""
    }

    private static func receiptPath(_ path: CertificatePath, embeddedCount: Int) -> VerificationCheck {
        let certificates = path.certificates
        let names = certificates.map(\.displayName).joined(separator: " -> ")
        let top = certificates[certificates.count - 1]
        if certificates.count == 1 && top.isSelfSigned {
            return embeddedCount == 1
                ? VerificationCheck(.chainPath, .pass, "one self-signed certificate (\(names)), the Xcode StoreKit-testing shape")
                : VerificationCheck(
                    .chainPath, .fail,
                    "self-signed signer plus \(embeddedCount - 1) other certificate(s) that are not on its path")
        }
        if !top.isSelfSigned && !path.topFromAnchor {
            return VerificationCheck(
                .chainPath, .fail,
                "the path stops at \(names): no certificate named \(top.issuer) is embedded (missing intermediate or root)")
        }
        if certificates.count != 3 {
            return VerificationCheck(
                .chainPath, .fail,
                "the path has \(certificates.count) certificates (\(names)); App Store receipts have exactly leaf -> intermediate -> root"
            )
        }
        if !path.unusedIndexes.isEmpty {
            let unused = path.unusedIndexes.map(String.init).joined(separator: ", ")
            return VerificationCheck(.chainPath, .fail, "embedded certificate(s) \(unused) are not on the signing path \(names)")
        }
        let suffix = path.topFromAnchor ? " (root supplied by the trust anchor)" : ""
        return VerificationCheck(.chainPath, .pass, "\(names)\(suffix)")
    }

    private static func x5c(_ path: CertificatePath, embedded: [X509Certificate], xcode: XcodePolicy) -> VerificationCheck {
        let names = embedded.map(\.displayName).joined(separator: "; ")
        if XcodePolicy.isXcodeShape(path: path.certificates, embeddedCount: embedded.count) {
            guard xcode.dataSaysXcode else {
                return VerificationCheck(
                    .jwsX5c, .fail,
                    "one self-signed certificate (\(names)) but the payload's environment is "
                        + "\(xcode.environment?.rawValue ?? "absent"), not Xcode: App Store signed data has leaf, intermediate, root"
                )
            }
            return VerificationCheck(
                .jwsX5c, .pass, "one self-signed certificate (\(names)) and an Xcode payload: the StoreKit Testing shape")
        }
        guard embedded.count == 3 else {
            return VerificationCheck(
                .jwsX5c, .fail,
                "x5c has \(embedded.count) certificate(s) (\(names)); StoreKit 2 signed data has exactly leaf, intermediate, root"
            )
        }
        let certificates = path.certificates
        let inOrder =
            !path.topFromAnchor && path.unusedIndexes.isEmpty && certificates.count == 3
            && zip(certificates.dropLast(), embedded).allSatisfy { $0 === $1 }
        guard inOrder else {
            let pathNames = certificates.map(\.displayName).joined(separator: " -> ")
            let unused = path.unusedIndexes.map(String.init).joined(separator: ", ")
            return VerificationCheck(
                .jwsX5c, .fail,
                "x5c (\(names)) is not leaf, intermediate, root in that order: the issuer names give \(pathNames)"
                    + (unused.isEmpty ? "" : ", leaving x5c[\(unused)] off the path"))
        }
        return VerificationCheck(
            .jwsX5c, .pass, "leaf, intermediate, root: " + embedded.map(\.displayName).joined(separator: " -> "))
    }

    /// Role names for every embedded certificate in the data's order, plus an anchor that completed the path.
    func roles(_ path: CertificatePath, embedded: [X509Certificate]) -> [VerificationReport.CertificateRole] {
        let certificates = path.certificates
        if self == .transactionReceipt {
            let issuer = path.topFromAnchor ? certificates.last.map { [("issuer (trust anchor, not embedded)", $0)] } ?? [] : []
            return ([("leaf", certificates[0])] + issuer).map {
                VerificationReport.CertificateRole(role: $0.0, certificate: $0.1)
            }
        }
        var roles: [(String, X509Certificate)] = embedded.enumerated().map { index, certificate in
            if let replaced = path.replacedRoot, replaced === certificate {
                return ("root in x5c, not the anchor (the trust anchor's certificate stands in for it)", certificate)
            }
            let position: Int?
            if self == .storeKit2 {
                position = certificates.firstIndex { $0 === certificate }
            } else {
                // Positions count, not certificates: a second copy of one on the path is left over.
                position = path.embeddedIndexes.firstIndex(of: index)
            }
            guard let position else {
                return (self == .appReceipt ? "not on the signing path" : "not on the signing path (x5c[\(index)])", certificate)
            }
            if certificates.count == 1 { return ("leaf (self-signed)", certificate) }
            if position == 0 { return ("leaf", certificate) }
            return (position == certificates.count - 1 ? "root" : "intermediate", certificate)
        }
        if path.topFromAnchor || path.replacedRoot != nil, let top = certificates.last {
            roles.append((self == .appReceipt ? "root (trust anchor, not embedded)" : "root (trust anchor, not in x5c)", top))
        }
        return roles.map { VerificationReport.CertificateRole(role: $0.0, certificate: $0.1) }
    }
}
