/// verifyReceipt status codes and what they mean (receipt-format.md §6.3; Apple's current wording, with the
/// older wording where it differed).
package enum VerifyReceiptStatus {
    /// A sentence for `code`.
    package static func meaning(of code: Int) -> String {
        switch code {
        case 0: return "the receipt is valid (for the receipt as a whole; an expired subscription still gives 0)"
        case 21000: return "the request to the App Store was not made using HTTP POST (formerly: the JSON could not be read)"
        case 21001: return "no longer sent by Apple"
        case 21002: return "the receipt-data was malformed, or the service had a temporary issue; try again"
        case 21003: return "the receipt could not be authenticated"
        case 21004: return "the shared secret does not match the one on file for the account"
        case 21005: return "the receipt server was temporarily unable to provide the receipt; try again"
        case 21006: return "the receipt is valid, but the subscription has expired (iOS 6 style transaction receipts only)"
        case 21007: return "this receipt is from the test environment but was sent to production; send it to sandbox"
        case 21008: return "this receipt is from production but was sent to the test environment; send it to production"
        case 21009: return "internal data access error; try again later"
        case 21010: return "the user account cannot be found or has been deleted"
        case 21100...21199: return "internal data access error (see is_retryable)"
        default: return "unknown status"
        }
    }

    /// Statuses worth asking again after a pause.
    package static func isRetryable(_ code: Int, flag: Bool?) -> Bool {
        switch code {
        case 21005, 21009: return true
        case 21100...21199: return flag ?? true
        default: return false
        }
    }
}
