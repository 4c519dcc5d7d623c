import ReceiptKit

/// What a report counts, per product and day. Each kind is defined on one unique transaction (see
/// ``ReportTransaction``), in the words of App Store Connect where it has one (receipt-format.md §12).
///
/// A transaction can be more than one event: a free trial's first period is a first purchase and a trial, an
/// upgraded plan's transaction is a first purchase or a renewal on its purchase day and an upgrade later. The
/// counts are events, not transactions, and the chart stacks events.
package enum ReportEventKind: String, CaseIterable, Sendable, Comparable {
    /// `transaction_id` equals `original_transaction_id` (or there is none): a new purchase, App Store
    /// Connect's Subscribe for a subscription and an in-app purchase (IA1) otherwise. Counted on the purchase day.
    case firstPurchase = "first_purchases"
    /// `transaction_id` differs from `original_transaction_id` and the transaction has an `expires_date`: a
    /// further period of an auto-renewable subscription (Renew; the only kind with an expiry). On the purchase day.
    case renewal = "renewals"
    /// `transaction_id` differs from `original_transaction_id` and there is no `expires_date`: a purchase
    /// restored on another device or install (Sales' IA3 restored), not new money. On the purchase day.
    case restore = "restores"
    /// `is_trial_period` true: a free-trial period (Start Introductory Offer, free trial). On the purchase day.
    case trial = "trials"
    /// `is_in_intro_offer_period` true: a paid introductory-price period. On the purchase day.
    case introOffer = "intro_offers"
    /// `cancellation_date` present and not an upgrade: Apple refunded or revoked the transaction (App Store
    /// Connect's Refund; its Cancel, turning auto-renew off, leaves no cancellation date). On the cancellation day.
    case refund = "refunds"
    /// `is_upgraded` true: the subscription was replaced by a higher plan of its group (Apple then also sets a
    /// cancellation date, which is therefore not counted as a refund). On the cancellation day, else the purchase
    /// day.
    case upgrade = "upgrades"

    /// The words on charts and in text: `first purchases`, `refunds/cancellations`.
    package var label: String {
        switch self {
        case .firstPurchase: return "first purchases"
        case .renewal: return "renewals"
        case .restore: return "restores"
        case .trial: return "free trials"
        case .introOffer: return "intro offers"
        case .refund: return "refunds/cancellations"
        case .upgrade: return "upgrades"
        }
    }

    /// True for the kinds that need an input's offer flags (which older receipts do not carry).
    package var needsOfferFlags: Bool { self == .trial || self == .introOffer || self == .upgrade }

    package static func < (lhs: ReportEventKind, rhs: ReportEventKind) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
