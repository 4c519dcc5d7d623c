/// A notification's `subtype`, which refines its type.
/// A struct rather than an enum: Apple adds values, and an unknown one is kept as signed.
public struct NotificationSubtype: StoreKitCode {
    /// The value exactly as signed.
    public let rawValue: String
    /// A value from its signed text; any text is kept, known or not.
    /// - Parameter rawValue: the text as signed.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// With `SUBSCRIBED`: the first purchase in the subscription group (or through Family Sharing).
    public static let initialBuy = Self(rawValue: "INITIAL_BUY")
    /// With `SUBSCRIBED`: a return to the group after the subscription lapsed.
    public static let resubscribe = Self(rawValue: "RESUBSCRIBE")
    /// With `DID_CHANGE_RENEWAL_PREF`: a lower plan from the next renewal on.
    public static let downgrade = Self(rawValue: "DOWNGRADE")
    /// With `DID_CHANGE_RENEWAL_PREF`: a higher plan, in effect at once.
    public static let upgrade = Self(rawValue: "UPGRADE")
    /// With `DID_CHANGE_RENEWAL_STATUS`: auto-renewal turned back on.
    public static let autoRenewEnabled = Self(rawValue: "AUTO_RENEW_ENABLED")
    /// With `DID_CHANGE_RENEWAL_STATUS`: auto-renewal turned off, by the customer or after a refund.
    public static let autoRenewDisabled = Self(rawValue: "AUTO_RENEW_DISABLED")
    /// With `EXPIRED`: it expired after the customer turned renewal off.
    public static let voluntary = Self(rawValue: "VOLUNTARY")
    /// With `EXPIRED`: billing retry ended without a successful charge.
    public static let billingRetry = Self(rawValue: "BILLING_RETRY")
    /// With `EXPIRED`: the customer did not consent to a price increase.
    public static let priceIncrease = Self(rawValue: "PRICE_INCREASE")
    /// With `DID_FAIL_TO_RENEW`: service continues during the billing grace period.
    public static let gracePeriod = Self(rawValue: "GRACE_PERIOD")
    /// With `PRICE_INCREASE`: the customer has not yet answered an increase that needs consent.
    public static let pending = Self(rawValue: "PENDING")
    /// With `PRICE_INCREASE`: the customer consented, or the increase needs no consent.
    public static let accepted = Self(rawValue: "ACCEPTED")
    /// With `DID_RENEW`: a subscription that had failed to renew renewed.
    public static let billingRecovery = Self(rawValue: "BILLING_RECOVERY")
    /// With `EXPIRED`: the product was not for sale when it tried to renew.
    public static let productNotForSale = Self(rawValue: "PRODUCT_NOT_FOR_SALE")
    /// With `RENEWAL_EXTENSION`: the extension for all eligible subscribers finished (a `summary` section).
    public static let summary = Self(rawValue: "SUMMARY")
    /// With `RENEWAL_EXTENSION`: one subscription's extension failed.
    public static let failure = Self(rawValue: "FAILURE")
    /// With `EXTERNAL_PURCHASE_TOKEN`: Apple made a token but received no report of it.
    public static let unreported = Self(rawValue: "UNREPORTED")
}
