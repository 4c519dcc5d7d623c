/// The facts of one input, whatever its kind: what it is, which app and environment it is for, when it was signed,
/// and its purchases. `verify`, `audit`, `summarize`, `report` and the text renderers all read these, so two views
/// of one input cannot disagree on them.
///
/// Every fact comes from signed data only: an app receipt's signed payload, an iOS 6 receipt's signed purchase
/// info, StoreKit 2's signed items (nested ones included), never the unsigned JSON body around them; what that body
/// says of itself is kept apart as ``unsignedClaims``. Which field each fact is read from is listed in
/// docs/trust-model.md ("Where each fact comes from").
public struct InputFacts: Sendable {
    /// What the input is: an app receipt, an Xcode receipt, an iOS 6 receipt, a JWS, an API answer or notification.
    public let kind: InputKind
    /// The app's bundle id as the signed data states it.
    public let bundleID: String?
    /// Where the signed data says it was made.
    public let environment: InputEnvironment?
    /// The app's Apple id: an app receipt's `app_item_id` (0 in the sandbox), StoreKit 2's `appAppleId`.
    public let appAppleID: Int64?
    /// When the signed data says it was signed, and which field says so.
    public let signingTime: SigningTime?
    /// In input order: a receipt's purchases, StoreKit 2's signed transactions (nested ones where they sit).
    public let transactions: [TransactionFacts]
    /// What an unsigned body says of itself (`bundleId`, `environment`, `appAppleId`, as text): shown, never used.
    public let unsignedClaims: [(key: String, value: String)]
    /// Where the input disagrees with itself (signed items with each other, the unsigned body with them).
    public let warnings: [String]

    package init(
        kind: InputKind, bundleID: String?, environment: InputEnvironment?, appAppleID: Int64?,
        signingTime: SigningTime?, transactions: [TransactionFacts], unsignedClaims: [(key: String, value: String)] = [],
        warnings: [String] = []
    ) {
        self.kind = kind
        self.bundleID = bundleID
        self.environment = environment
        self.appAppleID = appAppleID
        self.signingTime = signingTime
        self.transactions = transactions
        self.unsignedClaims = unsignedClaims
        self.warnings = warnings
    }
}
