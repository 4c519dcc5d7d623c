/// What a verification trusts and what it checks beyond the signature and chain.
public struct VerificationPolicy: Sendable {
    /// Anchors for App Store receipts; the caller's own anchors replace the pinned one as a whole.
    public var anchors: [TrustAnchor] = [.appleIncRoot]
    /// When set, certificates are checked at this time instead of the receipt's creation date.
    public var verificationTime: Timestamp?
    /// Where ``verificationTime`` came from, for the report.
    public var verificationTimeSource = TimeSource.given
    /// Trust the fixed StoreKit testing certificate for Xcode receipts.
    public var allowXcode = false
    /// Accept any of these bundle ids; empty means not checked.
    public var bundleIDs: [String] = []
    /// The application version (attribute 3) to require; nil means not checked.
    public var appVersion: String?
    /// The device id to recompute the receipt's hash with; nil means not checked.
    public var deviceID: DeviceIdentifier?
    /// The environment to require; nil means not checked.
    public var environment: ReceiptEnvironment?
    /// Anchors for StoreKit 2 signed data (JWS); a caller's own anchors replace this list as well as ``anchors``.
    public var jwsAnchors: [TrustAnchor] = [.appleRootCAG3]
    /// The StoreKit 2 `appAppleId` to require; nil means not checked.
    public var appAppleID: Int64?
    /// The time of the run, given by the caller (the library never reads the clock). Used only for signed
    /// data that carries no date of its own, as Apple's library does; nil leaves such data without a time.
    public var currentTime: Timestamp?
    /// Set for online verification: every chain that verifies is also checked for revocation (`chain.revocation`).
    /// Nil, the default, asks nobody and leaves the check out of the report.
    public var revocation: RevocationChecker?

    /// Apple's pinned roots, no field checks, the receipt's own creation date as the time.
    public init() {}

    /// The time certificates are checked at and where it came from: the policy's, else the receipt's own.
    func verificationTime(default receiptTime: Timestamp?, source: TimeSource) -> (Timestamp?, TimeSource) {
        verificationTime.map { ($0, verificationTimeSource) } ?? (receiptTime, source)
    }
}
