/// The x5c checks of a StoreKit 2 JWS: the list's shape, link signatures, anchor, Apple's marker OIDs, CA flags,
/// key usage and validity at the verification time.
///
/// Two shapes are known: App Store (leaf, intermediate, root; receipt-format.md §7.1) and StoreKit Testing in
/// Xcode (one self-signed certificate, payload environment `Xcode`; §8). Like Apple's library, the trust
/// decision never rests on the root that came with the data: x5c[2] passes only when its SHA-256 is an anchor's,
/// and a user anchor that signed the intermediate stands in for an x5c[2] that is not itself the anchor.
struct JWSChainEvaluation {
    /// In report order, `jws.x5c` first.
    let checks: [VerificationCheck]
    let anchor: TrustAnchor?
    /// Role names for the x5c certificates in header order, plus an anchor certificate that completed the path.
    let roles: [VerificationReport.CertificateRole]

    /// The chain: the certificates it was built from and how it ends.
    private struct Path {
        /// Leaf first; the top may be an anchor's certificate rather than an x5c entry.
        var certificates: [X509Certificate]
        /// x5c indexes that are not on the path.
        var unused: [Int]
        /// True when the anchor's certificate completed the path (x5c holds no root at all).
        var appendedAnchor: Bool
        /// The x5c root that a user anchor replaced (it signed the intermediate, x5c[2] is not the anchor).
        var replacedRoot: X509Certificate?
    }

    init(
        jws: CompactJWS, facts: SignedPayloadFacts, policy: VerificationPolicy, time: Timestamp?, timeSource: TimeSource,
        linkCache: LinkSignatureCache
    ) {
        let embedded = jws.certificates
        guard let leaf = embedded.first else {
            var checks = [Self.missingX5C(jws.header)]
            for id in CheckID.jwsChecks where id.rawValue.hasPrefix("chain.") {
                checks.append(VerificationCheck(id, .skip, "no x5c certificates to build a chain from"))
            }
            self.checks = checks
            anchor = nil
            roles = []
            return
        }
        let xcodeShape = embedded.count == 1 && leaf.isSelfSigned
        let path = Self.path(leaf: leaf, embedded: embedded, anchors: policy.jwsAnchors, linkCache: linkCache)
        var checks = [Self.x5cCheck(jws: jws, path: path, xcodeShape: xcodeShape, facts: facts)]
        checks.append(Self.linkCheck(path.certificates, linkCache: linkCache))
        let anchorOutcome = Self.anchorCheck(path: path, xcodeShape: xcodeShape, facts: facts, policy: policy)
        checks.append(anchorOutcome.check)
        checks += Self.markerChecks(path.certificates, xcodeShape: xcodeShape)
        checks.append(Self.constraintCheck(path.certificates, xcodeShape: xcodeShape))
        checks.append(Self.keyUsageCheck(path.certificates))
        checks.append(Self.validityCheck(path.certificates, time: time, timeSource: timeSource))
        self.checks = checks
        anchor = anchorOutcome.anchor

        var roles: [(role: String, certificate: X509Certificate)] = embedded.enumerated().map { index, certificate in
            if let replaced = path.replacedRoot, replaced === certificate {
                return ("root in x5c, not the anchor (the trust anchor's certificate stands in for it)", certificate)
            }
            guard let position = path.certificates.firstIndex(where: { $0 === certificate }) else {
                return ("not on the signing path (x5c[\(index)])", certificate)
            }
            if path.certificates.count == 1 { return ("leaf (self-signed)", certificate) }
            if position == 0 { return ("leaf", certificate) }
            return (position == path.certificates.count - 1 ? "root" : "intermediate", certificate)
        }
        if path.appendedAnchor || path.replacedRoot != nil, let top = path.certificates.last {
            roles.append(("root (trust anchor, not in x5c)", top))
        }
        self.roles = roles.map { VerificationReport.CertificateRole(role: $0.role, certificate: $0.certificate) }
    }

    /// The path by issuer names from the leaf through the other x5c entries; an anchor's certificate completes
    /// it when x5c stops short of a root, or replaces x5c's root when the anchor (not that root) signed the
    /// certificate below it.
    private static func path(
        leaf: X509Certificate, embedded: [X509Certificate], anchors: [TrustAnchor], linkCache: LinkSignatureCache
    ) -> Path {
        let built = CertificatePath(leaf: leaf, embedded: Array(embedded.dropFirst()), anchors: anchors)
        var path = Path(
            certificates: built.certificates, unused: built.unusedIndexes.map { $0 + 1 }, appendedAnchor: built.topFromAnchor,
            replacedRoot: nil)
        let fingerprints = Set(anchors.map(\.sha256Fingerprint))
        guard let top = path.certificates.last, path.certificates.count >= 2, !built.topFromAnchor,
            !fingerprints.contains(top.sha256Fingerprint)
        else { return path }
        let below = path.certificates[path.certificates.count - 2]
        let standIn = anchors.compactMap(\.certificate).first { candidate in
            below.isNamedIssued(by: candidate) && linkCache.outcome(child: below, issuer: candidate) == .valid
        }
        if let standIn {
            path.certificates[path.certificates.count - 1] = standIn
            path.replacedRoot = top
        }
        return path
    }

    private static func name(_ certificate: X509Certificate) -> String { certificate.subjectCommonName ?? certificate.subject }

    private static func missingX5C(_ header: JSONValue) -> VerificationCheck {
        guard let x5c = header["x5c"] else {
            let keys = (header.objectValue ?? [:]).keys.sorted().joined(separator: ", ")
            return VerificationCheck(
                CheckID.jwsX5c, .fail,
                "the header has no x5c (its keys: \(keys)); StoreKit 2 signed data carries its certificate chain there")
        }
        return VerificationCheck(
            CheckID.jwsX5c, .fail,
            x5c.arrayValue == nil ? "the header's x5c is not an array" : "the header's x5c is an empty list")
    }

    /// Standard base64 (RFC 7515 §4.1.6: not base64url) with padding: the alphabet, `=` only at the end, whole quads.
    static func isStandardBase64(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count % 4 == 0 else { return false }
        let body = bytes.prefix { $0 != UInt8(ascii: "=") }
        let padding = bytes.count - body.count
        guard padding <= 2, bytes.suffix(padding).allSatisfy({ $0 == UInt8(ascii: "=") }) else { return false }
        return body.allSatisfy { byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
        }
    }

    private static func x5cCheck(jws: CompactJWS, path: Path, xcodeShape: Bool, facts: SignedPayloadFacts) -> VerificationCheck {
        let embedded = jws.certificates
        let entries = jws.header["x5c"]?.arrayValue ?? []
        let nonStandard = entries.indices.filter { index in
            guard case .string(let text) = entries[index] else { return true }
            return !isStandardBase64(text)
        }
        if !nonStandard.isEmpty {
            return VerificationCheck(
                CheckID.jwsX5c, .fail,
                "x5c entr\(nonStandard.count == 1 ? "y" : "ies") \(nonStandard.map(String.init).joined(separator: ", ")) "
                    + "are not standard padded base64 of DER (RFC 7515 §4.1.6)")
        }
        let names = embedded.map(name).joined(separator: "; ")
        if xcodeShape {
            guard facts.isXcode else {
                return VerificationCheck(
                    CheckID.jwsX5c, .fail,
                    "one self-signed certificate (\(names)) but the payload's environment is "
                        + "\(facts.environment?.value ?? "absent"), not Xcode: App Store signed data has leaf, intermediate, root"
                )
            }
            return VerificationCheck(
                CheckID.jwsX5c, .pass, "one self-signed certificate (\(names)) and an Xcode payload: the StoreKit Testing shape")
        }
        guard embedded.count == 3 else {
            return VerificationCheck(
                CheckID.jwsX5c, .fail,
                "x5c has \(embedded.count) certificate(s) (\(names)); StoreKit 2 signed data has exactly leaf, intermediate, root"
            )
        }
        let inOrder =
            !path.appendedAnchor && path.unused.isEmpty && path.certificates.count == 3
            && zip(path.certificates.dropLast(), embedded).allSatisfy { $0 === $1 }
        guard inOrder else {
            let pathNames = path.certificates.map(name).joined(separator: " -> ")
            return VerificationCheck(
                CheckID.jwsX5c, .fail,
                "x5c (\(names)) is not leaf, intermediate, root in that order: the issuer names give \(pathNames)"
                    + (path.unused.isEmpty
                        ? "" : ", leaving x5c[\(path.unused.map(String.init).joined(separator: ", "))] off the path"))
        }
        return VerificationCheck(
            CheckID.jwsX5c, .pass, "leaf, intermediate, root: " + embedded.map(name).joined(separator: " -> "))
    }

    private static func linkCheck(_ certificates: [X509Certificate], linkCache: LinkSignatureCache) -> VerificationCheck {
        guard certificates.count > 1 else {
            // A lone certificate is checked against itself when it claims to be self-signed.
            guard certificates[0].isSelfSigned else {
                return VerificationCheck(
                    CheckID.chainSignatures, .skip, "no issuer certificate for \(name(certificates[0])) to check it against")
            }
            return ChainRules.signatures(
                CheckID.chainSignatures, pairs: [(certificates[0], certificates[0])], linkCache: linkCache,
                passed: "the certificate's self-signature verifies")
        }
        return ChainRules.signatures(
            CheckID.chainSignatures, pairs: Array(zip(certificates, certificates.dropFirst())), linkCache: linkCache,
            passed: "\(certificates.count - 1) link(s) verify")
    }

    private static func anchorCheck(path: Path, xcodeShape: Bool, facts: SignedPayloadFacts, policy: VerificationPolicy)
        -> (check: VerificationCheck, anchor: TrustAnchor?)
    {
        let certificates = path.certificates
        let top = certificates[certificates.count - 1]
        if let pinned = policy.jwsAnchors.first(where: { $0.sha256Fingerprint == top.sha256Fingerprint }) {
            var detail = "\(pinned.name), SHA-256 \(pinned.sha256Fingerprint) (\(pinned.source))"
            if path.appendedAnchor { detail += "; x5c holds no root, the anchor's certificate completes the chain" }
            if let replaced = path.replacedRoot {
                detail +=
                    "; x5c's root (SHA-256 \(replaced.sha256Fingerprint)) is not the anchor and is ignored, as Apple's "
                    + "library does: the intermediate is signed by the anchor"
            }
            return (VerificationCheck(CheckID.chainAnchor, .pass, Message(verbatim: detail)), pinned)
        }
        if xcodeShape {
            guard policy.allowXcode else {
                return (
                    VerificationCheck(
                        CheckID.chainAnchor, .fail,
                        "signed by a self-signed StoreKit Testing certificate (\(name(top)), SHA-256 \(top.sha256Fingerprint)), "
                            + "which the App Store never uses; pass \(option: .allowXcode) to trust it"), nil
                )
            }
            guard facts.isXcode else {
                return (
                    VerificationCheck(
                        CheckID.chainAnchor, .fail,
                        "\(option: .allowXcode) trusts a self-signed certificate only for payloads whose environment is Xcode"),
                    nil
                )
            }
            let anchor = TrustAnchor(certificate: top, source: "allowed StoreKit Testing signer")
            return (
                VerificationCheck(
                    CheckID.chainAnchor, .pass,
                    "StoreKit Testing certificate \(name(top)) (SHA-256 \(top.sha256Fingerprint)), "
                        + "trusted because of \(option: .allowXcode)"),
                anchor
            )
        }
        let expected = policy.jwsAnchors.map(\.name).joined(separator: ", ")
        guard top.isSelfSigned else {
            return (
                VerificationCheck(
                    CheckID.chainAnchor, .fail,
                    "the chain stops at \(name(top)): no certificate named \(top.issuer) is in x5c or among the trust anchors "
                        + "(\(expected))"), nil
            )
        }
        let lookalike = (top.subjectCommonName ?? "").hasPrefix("Apple Root CA")
        return (
            VerificationCheck(
                CheckID.chainAnchor, .fail,
                "the chain ends at \(name(top)) (SHA-256 \(top.sha256Fingerprint)), which is not a trust anchor (\(expected))"
                    + (lookalike ? "; it carries Apple's name but not Apple's key" : "")), nil
        )
    }

    private static func markerChecks(_ certificates: [X509Certificate], xcodeShape: Bool) -> [VerificationCheck] {
        if xcodeShape {
            return [
                VerificationCheck(CheckID.chainLeafMarker, .skip, "the StoreKit Testing certificate carries no Apple markers"),
                VerificationCheck(CheckID.chainIntermediateMarker, .skip, "no intermediate in the Xcode shape"),
            ]
        }
        let intermediates = certificates.count > 2 ? certificates[1..<(certificates.count - 1)] : []
        return [
            ChainRules.leafMarker(CheckID.chainLeafMarker, leaf: certificates[0]),
            ChainRules.intermediateMarker(CheckID.chainIntermediateMarker, intermediates: intermediates),
        ]
    }

    /// The leaf signs data only; everything above it must be a CA allowed to have that many CAs below it. A
    /// self-signed version 1 root, which cannot say CA:TRUE, counts as a CA at the top as OpenSSL counts it
    /// (two of Apple's test-CA files carry one).
    private static func constraintCheck(_ certificates: [X509Certificate], xcodeShape: Bool) -> VerificationCheck {
        let problems = ChainRules.constraintProblems(certificates, leafMayBeCA: xcodeShape, versionOneRootIsCA: true)
        let detail =
            problems.isEmpty
            ? (xcodeShape
                ? "the self-signed StoreKit Testing certificate signs the data itself"
                : "leaf is not a CA; issuers are CAs within their path length")
            : problems.joined(separator: "; ")
        return VerificationCheck(
            CheckID.chainBasicConstraints, problems.isEmpty ? .pass : .fail, Message(verbatim: detail))
    }

    private static func keyUsageCheck(_ certificates: [X509Certificate]) -> VerificationCheck {
        let problems = ChainRules.keyUsageProblems(certificates)
        return VerificationCheck(
            CheckID.chainKeyUsage, problems.isEmpty ? .pass : .fail,
            Message(verbatim: problems.isEmpty ? "key usage fits each role" : problems.joined(separator: "; ")))
    }

    private static func validityCheck(_ certificates: [X509Certificate], time: Timestamp?, timeSource: TimeSource)
        -> VerificationCheck
    {
        ChainRules.validity(
            CheckID.chainValidity, certificates, time: time, source: timeSource,
            missingTime: "no verification time: the payload has no signedDate and \(option: .verificationTime) was not given")
    }
}
