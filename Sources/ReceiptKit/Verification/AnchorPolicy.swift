/// The pinned-root rule: the top of the path is trusted only when its SHA-256 is one of the anchors in force
/// (Apple's pinned root, or the caller's `--trust-anchor` certificates), never because it came with the data and
/// never through the system store. The Xcode signer is the ``XcodePolicy``'s business.
struct AnchorPolicy: Hashable, Sendable {
    let anchors: [TrustAnchor]

    /// The anchor whose fingerprint `top` has.
    func pinned(_ top: X509Certificate) -> TrustAnchor? {
        anchors.first { $0.sha256Fingerprint == top.sha256Fingerprint }
    }

    /// The anchors' own certificates (user anchors), which may complete a path the data leaves short.
    var certificates: [X509Certificate] { anchors.compactMap(\.certificate) }

    /// `chain.anchor` for a top that is no anchor; `place` says where certificates come from ("embedded", "in x5c").
    func untrustedCheck(top: X509Certificate, place: String) -> VerificationCheck {
        let expected = anchors.map(\.name).joined(separator: ", ")
        guard top.isSelfSigned else {
            return VerificationCheck(
                .chainAnchor, .fail,
                "the chain stops at \(top.displayName): no certificate named \(top.issuer) is \(place) or among the trust "
                    + "anchors (\(expected))")
        }
        let lookalike = (top.subjectCommonName ?? "").hasPrefix("Apple Root CA")
        return VerificationCheck(
            .chainAnchor, .fail,
            "the chain ends at \(top.displayName) (SHA-256 \(top.sha256Fingerprint)), which is not a trust anchor (\(expected))"
                + (lookalike ? "; it carries Apple's name but not Apple's key" : ""))
    }

    static func == (lhs: AnchorPolicy, rhs: AnchorPolicy) -> Bool {
        lhs.anchors.count == rhs.anchors.count && zip(lhs.anchors, rhs.anchors).allSatisfy { $0.isSame(as: $1) }
    }

    func hash(into hasher: inout Hasher) {
        for anchor in anchors {
            hasher.combine(anchor.sha256Fingerprint)
            hasher.combine(anchor.source)
        }
    }
}

extension TrustAnchor {
    /// The same anchor in every field a check reads or prints: name, fingerprint, source and certificate object.
    func isSame(as other: TrustAnchor) -> Bool {
        name == other.name && sha256Fingerprint == other.sha256Fingerprint && source == other.source
            && certificate === other.certificate
    }
}
