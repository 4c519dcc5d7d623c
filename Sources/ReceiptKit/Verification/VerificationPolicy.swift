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
    public var appVersion: String?
    public var deviceID: DeviceIdentifier?
    public var environment: ReceiptEnvironment?

    public init() {}

    /// The time certificates are checked at and where it came from: the policy's, else the receipt's own.
    func verificationTime(default receiptTime: Timestamp?, source: TimeSource) -> (Timestamp?, TimeSource) {
        verificationTime.map { ($0, verificationTimeSource) } ?? (receiptTime, source)
    }
}
