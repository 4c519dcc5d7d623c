/// Date combinations that cannot happen in a genuine receipt, reported as warnings that leave the verdict alone.
///
/// An in-app original_purchase_date later than its purchase_date is *not* flagged: real sandbox receipts show it
/// for restored transactions (the original date becomes the restore time).
enum DateSanity {
    /// Tolerance for clock skew between Apple's services: purchases are stamped a few seconds around creation.
    static let skewMilliseconds: Int64 = 5 * 60 * 1000

    static func warnings(for receipt: Receipt) -> [VerificationWarning] {
        var warnings: [VerificationWarning] = []
        let creation = receipt.creationDate
        if let created = creation, let original = receipt.originalPurchaseDate,
            isLater(original, than: created)
        {
            warnings.append(
                VerificationWarning(
                    .originalPurchaseAfterCreation,
                    "original_purchase_date \(original) is after receipt_creation_date \(created)"))
        }
        for index in receipt.inApp.indices {
            // Made only for a warning: most receipts have none, and a big one has hundreds of purchases.
            var label: String { "in_app[\(index)] (transaction \(receipt.inApp[index].transactionID ?? "?"))" }
            // The three dates in one pass over the purchase's records, read in place (no copy of the purchase).
            let (purchaseDate, expiresDate, cancellationDate) = receipt.inApp[index].attributes.timestamps(
                ofTypes: InAppField.purchaseDate.rawValue, InAppField.expiresDate.rawValue,
                InAppField.cancellationDate.rawValue)
            // Every check compares with the purchase date: without one there is nothing to compare.
            guard let purchased = purchaseDate else { continue }
            if let created = creation, isLater(purchased, than: created) {
                warnings.append(
                    VerificationWarning(
                        .purchaseAfterCreation,
                        "\(label): purchase_date \(purchased) is after the receipt's creation \(created)"))
            }
            if let expires = expiresDate, expires < purchased {
                warnings.append(
                    VerificationWarning(
                        .expiresBeforePurchase,
                        "\(label): expires_date \(expires) is before purchase_date \(purchased)"))
            }
            if let cancelled = cancellationDate, cancelled < purchased {
                warnings.append(
                    VerificationWarning(
                        .cancellationBeforePurchase,
                        "\(label): cancellation_date \(cancelled) is before purchase_date \(purchased)"))
            }
        }
        return warnings
    }

    /// Later by more than the clock skew Apple's services show between their stamps.
    static func isLater(_ time: Timestamp, than reference: Timestamp) -> Bool {
        time.milliseconds > reference.milliseconds + skewMilliseconds
    }
}
