/// `transactionReason`: a customer's purchase or an automatic renewal.
/// A struct rather than an enum: Apple adds values, and an unknown one is kept as signed.
public struct TransactionReason: StoreKitCode {
    /// The value exactly as signed.
    public let rawValue: String
    /// A value from its signed text; any text is kept, known or not.
    /// - Parameter rawValue: the text as signed.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer bought it (or, for a subscription, started or upgraded it).
    public static let purchase = Self(rawValue: "PURCHASE")
    /// The App Store renewed an auto-renewable subscription on its own.
    public static let renewal = Self(rawValue: "RENEWAL")
}
