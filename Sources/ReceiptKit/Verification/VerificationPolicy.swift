/// What a verification trusts and what it checks beyond the signature and chain.
public struct VerificationPolicy: Sendable {
    /// Anchors for App Store receipts; replaced as a whole by --trust-anchor.
    public var anchors: [TrustAnchor] = [.appleIncRoot]
    /// When set, certificates are checked at this time instead of the receipt's creation date.
    public var verificationTime: Timestamp?
    /// Where ``verificationTime`` came from, for the report ("--at", "now").
    public var verificationTimeSource = "--at"
    /// Trust the fixed StoreKit testing certificate for Xcode receipts.
    public var allowXcode = false
    /// Accept any of these bundle ids; empty means not checked.
    public var bundleIDs: [String] = []
    public var appVersion: String?
    public var deviceID: DeviceIdentifier?
    public var environment: ReceiptEnvironment?
    /// Anchors for StoreKit 2 signed data (JWS); --trust-anchor replaces this list as well as ``anchors``.
    public var jwsAnchors: [TrustAnchor] = [.appleRootCAG3]
    /// The StoreKit 2 `appAppleId` to require (--app-apple-id); nil means not checked.
    public var appAppleID: Int64?
    /// The time of the run, given by the caller (the library never reads the clock). Used only for signed
    /// data that carries no date of its own, as Apple's library does; nil leaves such data without a time.
    public var currentTime: Timestamp?

    public init() {}
}
