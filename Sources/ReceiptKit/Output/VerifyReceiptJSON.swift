/// JSON renderings for the comparison with Apple's verifyReceipt answer and for subscription states.
extension ReceiptComparison {
    public var differencesJSON: JSONValue {
        .array(
            differences.map { difference in
                .object([
                    "path": .string(difference.path), "kind": .string(difference.kind.rawValue),
                    "local": difference.local ?? .null, "remote": difference.remote ?? .null,
                ])
            })
    }

    public var remoteKnowledgeJSON: JSONValue {
        .array(remoteKnowledge.map { .object(["path": .string($0.path), "remote": $0.remote, "note": .string($0.note)]) })
    }
}

extension VerifyReceiptResponse {
    /// Status, its meaning, environment, retry flag, exception and unknown keys.
    public var summaryJSON: JSONValue {
        var object: [String: JSONValue] = [
            "status": .integer(status), "status_meaning": .string(statusMeaning),
            "unknown_keys": .array(unknownKeys.map(JSONValue.string)),
            "receipt_form": .string(
                receipt == nil ? "none" : (isTransactionReceiptForm ? "ios6_transaction_receipt" : "app_receipt")),
        ]
        object["environment"] = environment.map(JSONValue.string) ?? .null
        object["is_retryable"] = isRetryable.map(JSONValue.bool) ?? .null
        object["exception"] = exception.map(JSONValue.string) ?? .null
        return .object(object)
    }

    /// `latest_receipt_info` as a list ordered by purchase date, values typed as Apple documents them
    /// (strings) and every date as a complete triplet (iOS 6 millisecond `expires_date` included).
    public var normalizedLatestReceiptInfo: JSONValue {
        let ordered = latestReceiptInfo.sorted {
            ($0.purchaseDate?.milliseconds ?? Int64.min, $0.transactionID ?? "") < (
                $1.purchaseDate?.milliseconds ?? Int64.min, $1.transactionID ?? ""
            )
        }
        return .array(
            ordered.map { record in
                var object = Self.stringified(record.fields)
                let dates: [(String, Timestamp?)] = [
                    ("purchase_date", record.purchaseDate), ("original_purchase_date", record.originalPurchaseDate),
                    ("expires_date", record.expiresDate), ("cancellation_date", record.cancellationDate),
                ]
                for (name, timestamp) in dates {
                    if let timestamp { object.merge(timestamp.appleTriplet(name)) { _, new in new } }
                }
                object.removeValue(forKey: "expires_date_formatted")
                object.removeValue(forKey: "expires_date_formatted_pst")
                return .object(object)
            })
    }

    /// `pending_renewal_info` ordered by original transaction id, values as strings, dates as triplets.
    public var normalizedPendingRenewalInfo: JSONValue {
        let ordered = pendingRenewalInfo.sorted { ($0.originalTransactionID ?? "") < ($1.originalTransactionID ?? "") }
        return .array(
            ordered.map { renewal in
                var object = Self.stringified(renewal.fields)
                if let grace = renewal.gracePeriodExpiresDate {
                    object.merge(grace.appleTriplet("grace_period_expires_date")) { _, new in new }
                }
                if let intent = renewal.expirationIntent {
                    object["expiration_intent_meaning"] = .string(PendingRenewal.meaning(ofExpirationIntent: intent))
                }
                return .object(object)
            })
    }

    /// Scalars as strings, the type Apple documents for per-transaction values.
    static func stringified(_ fields: [String: JSONValue]) -> [String: JSONValue] {
        fields.mapValues { value in
            switch value {
            case .number(let text): return .string(text)
            case .bool(let flag): return .string(flag ? "true" : "false")
            default: return value
            }
        }
    }
}

extension SubscriptionEvaluator.Result {
    public func jsonMembers(_ naming: OptionNaming) -> [String: JSONValue] {
        [
            "items": .array(subscriptions.map { $0.json(naming) }),
            "products_needing_period": .array(productsNeedingPeriod.map(JSONValue.string)),
            "other_purchases": .integer(otherPurchaseCount),
        ]
    }
}

extension SubscriptionStatus {
    public func json(_ naming: OptionNaming) -> JSONValue {
        var object: [String: JSONValue] = [
            "original_transaction_id": .string(originalTransactionID), "product_id": .string(productID),
            "kind": .string(kind.rawValue), "state": .string(state.rawValue),
            "transactions": .integer(transactionCount),
            "trail": .array(trail.map { .string($0.rendered(naming)) }), "notes": .array(notes.map(JSONValue.string)),
        ]
        object["auto_renew"] = autoRenew.map(JSONValue.bool) ?? .null
        object["auto_renew_product_id"] = autoRenewProductID.map(JSONValue.string) ?? .null
        object["expiration_intent"] = expirationIntent.map(JSONValue.string) ?? .null
        object["expiration_intent_meaning"] =
            expirationIntent.map { .string(PendingRenewal.meaning(ofExpirationIntent: $0)) } ?? .null
        object["latest_transaction_id"] = latestTransactionID.map(JSONValue.string) ?? .null
        object["is_trial_period"] = isTrialPeriod.map(JSONValue.bool) ?? .null
        object["is_in_intro_offer_period"] = isInIntroOfferPeriod.map(JSONValue.bool) ?? .null
        if let overlap { object["overlap"] = .bool(overlap) }
        if let latestExpiresDate { object.merge(latestExpiresDate.appleTriplet("latest_expires_date")) { _, new in new } }
        if let latestPurchaseDate { object.merge(latestPurchaseDate.appleTriplet("latest_purchase_date")) { _, new in new } }
        return .object(object)
    }
}

extension Timestamp {
    /// `name`, `name_ms` and `name_pst` exactly as verifyReceipt renders them, for the normalised response trees.
    public func appleTriplet(_ name: String) -> [String: JSONValue] {
        [name: .string(appleGMT), name + "_ms": .string(String(milliseconds)), name + "_pst": .string(applePacific)]
    }
}
