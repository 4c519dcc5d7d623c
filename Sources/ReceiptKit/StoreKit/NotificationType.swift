/// A notification's `notificationType` (App Store Server Notifications V2).
/// A struct rather than an enum: Apple adds values, and an unknown one is kept as signed.
public struct NotificationType: StoreKitCode {
    /// The value exactly as signed.
    public let rawValue: String
    /// A value from its signed text; any text is kept, known or not.
    /// - Parameter rawValue: the text as signed.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer subscribed, or resubscribed, to a subscription group (subtype says which).
    public static let subscribed = Self(rawValue: "SUBSCRIBED")
    /// A subscription renewed (subtype `BILLING_RECOVERY` after a failed renewal).
    public static let didRenew = Self(rawValue: "DID_RENEW")
    /// The customer turned auto-renewal on or off (subtype says which).
    public static let didChangeRenewalStatus = Self(rawValue: "DID_CHANGE_RENEWAL_STATUS")
    /// The customer changed the plan it renews into (an up- or downgrade, or back).
    public static let didChangeRenewalPref = Self(rawValue: "DID_CHANGE_RENEWAL_PREF")
    /// A renewal failed on billing; the subscription enters billing retry (with `GRACE_PERIOD`, it keeps its service for now).
    public static let didFailToRenew = Self(rawValue: "DID_FAIL_TO_RENEW")
    /// A subscription expired (subtype says why).
    public static let expired = Self(rawValue: "EXPIRED")
    /// The billing grace period ended without a renewal: stop the service.
    public static let gracePeriodExpired = Self(rawValue: "GRACE_PERIOD_EXPIRED")
    /// A subscriber redeemed a subscription offer (a promotional offer, offer code or win-back offer).
    public static let offerRedeemed = Self(rawValue: "OFFER_REDEEMED")
    /// The App Store told the customer of a price increase (subtype `PENDING` until they consent, `ACCEPTED` after).
    public static let priceIncrease = Self(rawValue: "PRICE_INCREASE")
    /// Apple refunded a purchase; the transaction carries the revocation date and reason.
    public static let refund = Self(rawValue: "REFUND")
    /// Apple declined a refund request.
    public static let refundDeclined = Self(rawValue: "REFUND_DECLINED")
    /// Apple reversed an earlier refund (after a dispute the customer raised): give the content back.
    public static let refundReversed = Self(rawValue: "REFUND_REVERSED")
    /// A Family Sharing purchase is no longer shared with this customer.
    public static let revoke = Self(rawValue: "REVOKE")
    /// The customer asked for a refund, and Apple asks the developer for consumption data.
    public static let consumptionRequest = Self(rawValue: "CONSUMPTION_REQUEST")
    /// The App Store extended one subscription's renewal date, as the developer asked.
    public static let renewalExtended = Self(rawValue: "RENEWAL_EXTENDED")
    /// A renewal-date extension for many subscribers progressed (subtype `SUMMARY` or `FAILURE`).
    public static let renewalExtension = Self(rawValue: "RENEWAL_EXTENSION")
    /// The customer bought a consumable, non-consumable or non-renewing subscription.
    public static let oneTimeCharge = Self(rawValue: "ONE_TIME_CHARGE")
    /// An external purchase token the app has not reported (subtype `UNREPORTED`).
    public static let externalPurchaseToken = Self(rawValue: "EXTERNAL_PURCHASE_TOKEN")
    /// A test notification the developer asked the App Store Server API for.
    public static let test = Self(rawValue: "TEST")
}
