/// Apple's rules a chain is judged by on top of RFC 5280 (which OpenSSL's verifier applies), one value per rule,
/// like swift-certificates' `VerifierPolicy`: the path's exact shape, the pinned anchors, Apple's marker OIDs and
/// the Xcode rule. Hashable, because it is part of ``ChainResultCache/Key``: two policies that differ in any rule
/// never share a result.
struct ChainPolicy: Hashable, Sendable {
    let shape: PathShapePolicy
    let anchors: AnchorPolicy
    let xcode: XcodePolicy
    var markers = MarkerPolicy.apple

    /// An app receipt's rules; `receiptType` is attribute 0 (`Xcode` for StoreKit Testing).
    static func appReceipt(_ policy: VerificationPolicy, receiptType: ReceiptEnvironment?) -> ChainPolicy {
        ChainPolicy(
            shape: .appReceipt, anchors: AnchorPolicy(anchors: policy.anchors),
            xcode: XcodePolicy(
                allowed: policy.allowXcode, environment: receiptType.map(InputEnvironment.init),
                requiresFixedReceiptCertificate: true))
    }

    /// A StoreKit 2 item's rules; `environment` is the payload's own.
    static func storeKit2(_ policy: VerificationPolicy, environment: InputEnvironment?) -> ChainPolicy {
        ChainPolicy(
            shape: .storeKit2, anchors: AnchorPolicy(anchors: policy.jwsAnchors),
            xcode: XcodePolicy(allowed: policy.allowXcode, environment: environment))
    }

    /// An iOS 6 transaction receipt's rules: only its leaf is embedded, so the chain is checked only up to a
    /// caller's anchor that issued it; there is no Xcode shape.
    static func transactionReceipt(_ policy: VerificationPolicy) -> ChainPolicy {
        ChainPolicy(
            shape: .transactionReceipt, anchors: AnchorPolicy(anchors: policy.anchors),
            xcode: XcodePolicy(allowed: false, environment: nil), markers: .transactionReceipt)
    }
}
