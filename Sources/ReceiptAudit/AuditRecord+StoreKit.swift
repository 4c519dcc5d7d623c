import ReceiptKit

/// StoreKit 2 records: a JWS (with its nested items) or an App Store Server API answer, verified item by item as
/// `verify` does, so a batch of either era is audited the same way and transaction ids are compared across eras.
extension AuditRecord {
    /// Verifies `document` when it is StoreKit 2 signed data and fills the record; false for any other kind.
    mutating func fill(
        signedData document: ReceiptDecoder.Document, input: ReceiptInput, policy: VerificationPolicy,
        linkCache: LinkSignatureCache, cache: CertificateCache
    ) -> Bool {
        let verifier = SignedDataVerifier(policy: policy, linkCache: linkCache, cache: cache)
        let items: [SignedDataReport]
        let verdict: Verdict?
        var wrapper: SignedDataBody? = nil
        switch document {
        case .jws(let jws):
            let report = verifier.verify(jws)
            items = report.allItems
            verdict = report.verdict
            receiptSHA256 = Self.sha256Hex(Array(jws.token.utf8))
            // What the signature covers: the content identity, as the payload is for a receipt.
            payloadSHA256 = Self.sha256Hex(jws.signingInput)
        case .signedDataBody(let body):
            let report = verifier.verify(body)
            items = report.items.flatMap(\.allItems)
            verdict = report.verdict
            wrapper = body
        case .appReceipt, .transactionReceipt:
            return false
        }
        kind = input.kindName
        self.verdict = AuditVerdict(rawValue: (verdict ?? .unverifiableHere).rawValue) ?? .unverifiableHere
        var seen = Set<String>()
        failedChecks = items.flatMap { $0.report?.problemCheckIDs.map(\.rawValue) ?? [] }.filter { seen.insert($0).inserted }
        if items.contains(where: { $0.ownVerdict == .malformed }) { failedChecks.append("jws.decode") }
        // Only the signed items state facts; the body around them is shown as its claims.
        let facts = SignedDataFacts(items: items, body: wrapper)
        bundleID = facts.bundleID
        environment = facts.environment
        unsignedClaims = Dictionary(facts.unsignedClaims.map { ($0.key, $0.value) }) { first, _ in first }
        warnings = facts.warnings
        creationDate = items.lazy.compactMap(\.jws).first?.storeKit.signedDate
        transactions = items.compactMap { item in
            guard item.kind == .transaction, let model = item.jws?.storeKit(expected: .transaction).transaction else {
                return nil
            }
            var transaction = Self.transaction(model)
            // Counts and signals use the transaction's own signed values where they differ from the record's.
            if let value = model.environment?.rawValue, !(environment?.isByteEqual(to: value) ?? false) {
                transaction.environment = value
            }
            if let value = model.bundleID, !(bundleID?.isByteEqual(to: value) ?? false) { transaction.bundleID = value }
            return transaction
        }
        return true
    }

    /// A JWSTransactionDecodedPayload under the audit's names (`revocationDate` is the cancellation).
    static func transaction(_ model: JWSTransaction) -> AuditTransaction {
        let offer = offerFlags(model)
        return AuditTransaction(
            transactionID: model.transactionID, originalTransactionID: model.originalTransactionID,
            productID: model.productID, purchaseDate: model.purchaseDate, expiresDate: model.expiresDate,
            cancellationDate: model.revocationDate, ownershipType: model.inAppOwnershipType?.rawValue,
            isTrialPeriod: offer.trial, isInIntroOfferPeriod: offer.intro, isUpgraded: model.isUpgraded == true
        )
    }

    /// verifyReceipt's two offer flags from StoreKit 2's offer fields: an introductory offer (`offerType` 1) is a
    /// free trial when `offerDiscountType` is FREE_TRIAL and an intro-price period otherwise, as verifyReceipt
    /// reported them; without `offerDiscountType` (older payloads) an introductory offer's kind is not known.
    static func offerFlags(_ model: JWSTransaction) -> (trial: Bool?, intro: Bool?) {
        guard model.offerType == .introductory else { return (false, false) }
        switch model.offerDiscountType {
        case .freeTrial?: return (true, false)
        case nil: return (nil, nil)
        default: return (false, true)
        }
    }
}
