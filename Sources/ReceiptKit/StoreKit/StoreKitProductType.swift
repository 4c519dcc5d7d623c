/// A transaction's `type`: the kind of in-app purchase.
/// A struct rather than an enum: Apple adds values, and an unknown one is kept as signed.
public struct StoreKitProductType: StoreKitCode {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let autoRenewableSubscription = Self(rawValue: "Auto-Renewable Subscription")
    public static let nonConsumable = Self(rawValue: "Non-Consumable")
    public static let consumable = Self(rawValue: "Consumable")
    public static let nonRenewingSubscription = Self(rawValue: "Non-Renewing Subscription")
}
