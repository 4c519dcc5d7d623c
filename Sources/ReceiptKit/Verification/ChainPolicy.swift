/// Apple's rules a chain is judged by on top of RFC 5280 (which OpenSSL's verifier applies), one value per rule,
/// like swift-certificates' `VerifierPolicy`: the path's exact shape, the pinned anchors and the Xcode rule
/// (Apple's marker OIDs, ``MarkerPolicy``, are the same for every chain). Hashable, because it is part of
/// ``ChainResultCache/Key``: two policies that differ in any rule never share a result.
struct ChainPolicy: Hashable, Sendable {
    let shape: PathShapePolicy
    let anchors: AnchorPolicy
    let xcode: XcodePolicy

    /// An app receipt's rules; `receiptType` is attribute 0 (`Xcode` for StoreKit Testing).
    static func appReceipt(_ policy: VerificationPolicy, receiptType: ReceiptEnvironment?) -> ChainPolicy {
        ChainPolicy(
            shape: .appReceipt, anchors: AnchorPolicy(anchors: policy.anchors),
            xcode: XcodePolicy(allowed: policy.allowXcode, environment: receiptType?.rawValue))
    }

    /// A StoreKit 2 item's rules; `environment` is the payload's own.
    static func storeKit2(_ policy: VerificationPolicy, environment: String?) -> ChainPolicy {
        ChainPolicy(
            shape: .storeKit2, anchors: AnchorPolicy(anchors: policy.jwsAnchors),
            xcode: XcodePolicy(allowed: policy.allowXcode, environment: environment))
    }
}
