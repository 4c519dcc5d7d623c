/// What the time-free chain checks of an app receipt read: the path built from the signer certificate, the
/// policy and the anchor the top resolves to; no time, so ``ChainResultCache`` may keep their results. Two shapes
/// are known: App Store (leaf -> intermediate -> root, with Apple's marker OIDs) and Xcode StoreKit testing (one
/// self-signed certificate). A class for the reason ``AppReceiptContext`` is one.
final class ChainContext {
    /// How the top of the path relates to the trust anchors.
    enum AnchorResolution {
        /// The top's fingerprint is one of the policy's anchors.
        case anchor(TrustAnchor)
        /// Xcode's StoreKit testing certificate, trusted because the policy allows it.
        case xcodeAllowed
        /// Xcode's StoreKit testing certificate, not trusted by this policy.
        case xcodeRefused
        /// Some other certificate.
        case untrusted
    }

    let path: CertificatePath
    let embeddedCount: Int
    let policy: VerificationPolicy
    let linkCache: LinkSignatureCache

    init(path: CertificatePath, embeddedCount: Int, policy: VerificationPolicy, linkCache: LinkSignatureCache) {
        self.path = path
        self.embeddedCount = embeddedCount
        self.policy = policy
        self.linkCache = linkCache
    }

    var certificates: [X509Certificate] { path.certificates }
    var leaf: X509Certificate { path.certificates[0] }
    var top: X509Certificate { path.certificates[path.certificates.count - 1] }
    /// One self-signed certificate: the Xcode StoreKit-testing shape.
    var isXcodeShape: Bool { certificates.count == 1 && leaf.isSelfSigned }
    /// The certificates between leaf and top.
    var intermediates: ArraySlice<X509Certificate> {
        certificates.count > 2 ? certificates[1..<(certificates.count - 1)] : []
    }

    /// The top is trusted only by fingerprint, never because it came with the data.
    var anchorResolution: AnchorResolution {
        if let pinned = policy.anchors.first(where: { $0.sha256Fingerprint == top.sha256Fingerprint }) {
            return .anchor(pinned)
        }
        if isXcodeShape, top.sha256Fingerprint == TrustAnchor.xcodeStoreKit.sha256Fingerprint {
            return policy.allowXcode ? .xcodeAllowed : .xcodeRefused
        }
        return .untrusted
    }

    /// The anchor the chain ended at, when it ended at one.
    var anchor: TrustAnchor? {
        switch anchorResolution {
        case .anchor(let anchor): return anchor
        case .xcodeAllowed: return .xcodeStoreKit
        case .xcodeRefused, .untrusted: return nil
        }
    }

    /// Role names for every embedded certificate, in container order, plus an anchor that completed the path.
    func roles(embedded: [X509Certificate]) -> [VerificationReport.CertificateRole] {
        var roles = embedded.enumerated().map { index, certificate in
            guard let position = path.embeddedIndexes.firstIndex(of: index) else {
                return VerificationReport.CertificateRole(role: "not on the signing path", certificate: certificate)
            }
            let role: String
            if certificates.count == 1 {
                role = "leaf (self-signed)"
            } else if position == 0 {
                role = "leaf"
            } else {
                role = position == certificates.count - 1 ? "root" : "intermediate"
            }
            return VerificationReport.CertificateRole(role: role, certificate: certificate)
        }
        if path.topFromAnchor, let last = certificates.last {
            roles.append(VerificationReport.CertificateRole(role: "root (trust anchor, not embedded)", certificate: last))
        }
        return roles
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
