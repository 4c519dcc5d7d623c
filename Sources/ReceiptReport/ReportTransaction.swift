import ReceiptAudit
package import ReceiptKit

/// One unique transaction as a report counts it: everything the inputs said about one `transaction_id` in one
/// environment, merged.
///
/// Receipts accumulate (every later receipt of a user repeats the earlier purchases) and one purchase can be
/// replayed from many accounts, so the same transaction arrives many times; it is counted once. The merge takes
/// the same answer whatever order the copies come in: the earliest dates, the union of the flags, the smallest
/// of differing ids, so a report never depends on the order of its input files.
package struct ReportTransaction: Sendable, Equatable {
    /// Told apart by bytes (``ExactString``): look-alike transaction ids are two transactions.
    package struct Key: Hashable, Sendable {
        package let environment: String
        package let transactionID: String

        package static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.environment.isByteEqual(to: rhs.environment) && lhs.transactionID.isByteEqual(to: rhs.transactionID)
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(ExactString(environment))
            hasher.combine(ExactString(transactionID))
        }
    }

    package var key: Key
    package var originalTransactionID: String?
    package var productID: String?
    package var purchaseDate: Timestamp?
    package var expiresDate: Timestamp?
    package var cancellationDate: Timestamp?
    package var isTrialPeriod = false
    package var isInIntroOfferPeriod = false
    package var isUpgraded = false
    /// True when some copy carried `is_trial_period`, `is_in_intro_offer_period` or `is_upgraded`: only then do
    /// the trial, intro-offer and upgrade counts know about this transaction (audit output carries none of them).
    package var carriesOfferFlags = false
    /// `in_app_ownership_type` FAMILY_SHARED: the family organiser's purchase seen from a member's account.
    package var isFamilyShared = false

    package init(environment: String, transactionID: String) {
        key = Key(environment: environment, transactionID: transactionID)
    }

    /// Adds what another copy of the same transaction says.
    package mutating func merge(_ other: ReportTransaction) {
        originalTransactionID = Self.smaller(originalTransactionID, other.originalTransactionID)
        productID = Self.smaller(productID, other.productID)
        purchaseDate = Self.smaller(purchaseDate, other.purchaseDate)
        expiresDate = Self.smaller(expiresDate, other.expiresDate)
        cancellationDate = Self.smaller(cancellationDate, other.cancellationDate)
        isTrialPeriod = isTrialPeriod || other.isTrialPeriod
        isInIntroOfferPeriod = isInIntroOfferPeriod || other.isInIntroOfferPeriod
        isUpgraded = isUpgraded || other.isUpgraded
        carriesOfferFlags = carriesOfferFlags || other.carriesOfferFlags
        isFamilyShared = isFamilyShared || other.isFamilyShared
    }

    private static func smaller<Value: Comparable>(_ lhs: Value?, _ rhs: Value?) -> Value? {
        guard let lhs else { return rhs }
        guard let rhs else { return lhs }
        return min(lhs, rhs)
    }

    /// True when this is a new purchase rather than a later one under an original transaction.
    package var isFirstPurchase: Bool {
        guard let original = originalTransactionID, !original.isEmpty else { return true }
        return original == key.transactionID
    }

    /// The events this transaction makes, each with its day in `zone`, by the definitions of ``ReportEventKind``;
    /// an event whose date is absent is left out (the report counts such transactions as undated).
    package func events(in zone: ReportTimeZone) -> [(kind: ReportEventKind, day: ReportDay)] {
        guard !isFamilyShared else { return [] }
        var events: [(kind: ReportEventKind, day: ReportDay)] = []
        if let purchaseDate {
            let day = zone.day(of: purchaseDate)
            events.append((isFirstPurchase ? .firstPurchase : expiresDate != nil ? .renewal : .restore, day))
            if isTrialPeriod { events.append((.trial, day)) }
            if isInIntroOfferPeriod { events.append((.introOffer, day)) }
        }
        if let cancellationDate, !isUpgraded { events.append((.refund, zone.day(of: cancellationDate))) }
        if isUpgraded, let date = cancellationDate ?? purchaseDate { events.append((.upgrade, zone.day(of: date))) }
        return events
    }
}

extension ReportTransaction {
    /// One copy as an input states it; the offer flags are nil where the input does not say, and
    /// ``carriesOfferFlags`` records whether any of them was said.
    init(
        environment: String, transactionID: String?, originalTransactionID: String?, productID: String?,
        purchaseDate: Timestamp?, expiresDate: Timestamp?, cancellationDate: Timestamp?,
        offerFlags: (trial: Bool?, intro: Bool?, upgraded: Bool?), isFamilyShared: Bool
    ) {
        self.init(environment: environment, transactionID: transactionID ?? "")
        self.originalTransactionID = originalTransactionID
        self.productID = productID
        self.purchaseDate = purchaseDate
        self.expiresDate = expiresDate
        self.cancellationDate = cancellationDate
        isTrialPeriod = offerFlags.trial ?? false
        isInIntroOfferPeriod = offerFlags.intro ?? false
        isUpgraded = offerFlags.upgraded ?? false
        carriesOfferFlags = offerFlags.trial != nil || offerFlags.intro != nil || offerFlags.upgraded != nil
        self.isFamilyShared = isFamilyShared
    }

    /// A transaction of an audit record.
    /// `environment` is the record's; a StoreKit 2 transaction that signed another one of its own keeps that.
    init(_ item: AuditTransaction, environment: String) {
        self.init(
            environment: item.environment.map(ReportBuilder.bounded) ?? environment, transactionID: item.transactionID,
            originalTransactionID: item.originalTransactionID,
            productID: item.productID, purchaseDate: item.purchaseDate, expiresDate: item.expiresDate,
            cancellationDate: item.cancellationDate,
            offerFlags: (item.isTrialPeriod, item.isInIntroOfferPeriod, item.isUpgraded), isFamilyShared: item.isFamilyShared)
    }

    /// A transaction of a verifyReceipt response (`is_upgraded` is sent only when true).
    init(_ item: PurchaseRecord, environment: String) {
        self.init(
            environment: environment, transactionID: item.transactionID, originalTransactionID: item.originalTransactionID,
            productID: item.productID, purchaseDate: item.purchaseDate, expiresDate: item.expiresDate,
            cancellationDate: item.cancellationDate,
            offerFlags: (item.isTrialPeriod, item.isInIntroOfferPeriod, item.fields["is_upgraded"].map { _ in item.isUpgraded }),
            isFamilyShared: item.fields["in_app_ownership_type"]?.scalarText == "FAMILY_SHARED")
    }
}
