/// A transaction's `type`: the kind of in-app purchase.
/// A struct rather than an enum: Apple adds values, and an unknown one is kept as signed.
public struct StoreKitProductType: StoreKitCode {
    /// The value exactly as signed.
    public let rawValue: String
    /// A value from its signed text; any text is kept, known or not.
    /// - Parameter rawValue: the text as signed.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A subscription that renews itself each period until cancelled.
    public static let autoRenewableSubscription = Self(rawValue: "Auto-Renewable Subscription")
    /// Bought once and kept (unlocking a feature); it can be restored.
    public static let nonConsumable = Self(rawValue: "Non-Consumable")
    /// Used up and bought again (game currency); it is not restored.
    public static let consumable = Self(rawValue: "Consumable")
    /// Access for a fixed time that does not renew; the app manages its length.
    public static let nonRenewingSubscription = Self(rawValue: "Non-Renewing Subscription")
}
