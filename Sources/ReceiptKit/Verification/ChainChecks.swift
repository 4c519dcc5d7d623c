/// The chain checks of an app receipt, one function each, reported in order: the time-free ones of ``timeFree``,
/// then ``validity(_:time:source:)``. The time-free ones read only the path and the policy's anchors, so
/// ``ChainResultCache`` keeps their results per chain.
enum ChainChecks {
    static let timeFree: [@Sendable (ChainContext) -> VerificationCheck] = [
        path, signatures, anchor, leafMarker, intermediateMarker, basicConstraints, keyUsage,
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
        return ChainRules.signatures(
            .chainSignatures, pairs: Array(zip(certificates, certificates.dropFirst())), linkCache: context.linkCache,
            passed: "\(certificates.count - 1) link(s) verify")
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
        return ChainRules.leafMarker(.chainLeafMarker, leaf: context.leaf)
    }

    /// Apple's WWDR marker on every intermediate.
    static func intermediateMarker(_ context: ChainContext) -> VerificationCheck {
        if context.isXcodeShape {
            return VerificationCheck(.chainIntermediateMarker, .skip, "no intermediate in the Xcode shape")
        }
        return ChainRules.intermediateMarker(.chainIntermediateMarker, intermediates: context.intermediates)
    }

    /// CA flags and path length: the leaf signs receipts only; everything above it must be a CA allowed to have
    /// that many CAs below it.
    static func basicConstraints(_ context: ChainContext) -> VerificationCheck {
        let problems = ChainRules.constraintProblems(
            context.certificates, leafMayBeCA: context.isXcodeShape, versionOneRootIsCA: false)
        return problems.isEmpty
            ? VerificationCheck(.chainBasicConstraints, .pass, "leaf is not a CA; issuers are CAs within their path length")
            : VerificationCheck(.chainBasicConstraints, .fail, "\(problems.joined(separator: "; "))")
    }

    /// Key usage fits each role: the leaf signs, the issuers sign certificates (purpose any).
    static func keyUsage(_ context: ChainContext) -> VerificationCheck {
        let problems = ChainRules.keyUsageProblems(context.certificates)
        return problems.isEmpty
            ? VerificationCheck(.chainKeyUsage, .pass, "key usage fits each role (purpose any)")
            : VerificationCheck(.chainKeyUsage, .fail, "\(problems.joined(separator: "; "))")
    }

    /// Every certificate of the path (leaf first) valid at the verification time.
    static func validity(_ certificates: [X509Certificate], time: Timestamp?, source: TimeSource) -> VerificationCheck {
        ChainRules.validity(
            .chainValidity, certificates, time: time, source: source,
            missingTime: "no verification time: the receipt has no creation date and \(option: .verificationTime) was not given")
    }
}
