/// `transactionReason`: a customer's purchase or an automatic renewal.
/// A struct rather than an enum: Apple adds values, and an unknown one is kept as signed.
public struct TransactionReason: StoreKitCode {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let purchase = Self(rawValue: "PURCHASE")
    public static let renewal = Self(rawValue: "RENEWAL")
}
