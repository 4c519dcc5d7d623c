import ReceiptKit

/// The record's facts, taken from the input's ``InputFacts`` as `verify` states them, never derived here.
extension AuditRecord {
    /// Sets kind, bundle id, environment, the unsigned claims, the warnings, the creation date (the signing time)
    /// and the transactions from `facts`.
    mutating func fill(facts: InputFacts) {
        kind = facts.kind
        bundleID = facts.bundleID
        environment = facts.environment
        unsignedClaims = Dictionary(facts.unsignedClaims.map { ($0.key, $0.value) }) { first, _ in first }
        warnings = facts.warnings
        creationDate = facts.signingTime?.time
        let (recordBundleID, recordEnvironment) = (bundleID, environment)
        transactions = facts.transactions.map { purchase in
            var transaction = AuditTransaction(purchase)
            // Counts and signals use the transaction's own signed values where they differ from the record's.
            if let value = purchase.environment, value != recordEnvironment { transaction.environment = value }
            if let value = purchase.bundleID, !(recordBundleID?.isByteEqual(to: value) ?? false) {
                transaction.bundleID = value
            }
            return transaction
        }
    }
}
