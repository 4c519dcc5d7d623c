/// JSON renderings for the comparison with Apple's verifyReceipt answer and for subscription states. Values that
/// echo Apple's answer are written from the parsed response; everything else from typed values.
extension ReceiptComparison {
    /// `[{kind, local, path, remote}]`.
    package func writeDifferences(to output: inout JSONOutput) {
        output.beginArray()
        for difference in differences {
            output.beginObject()
            output.key("kind")
            output.string(difference.kind.rawValue)
            output.key("local")
            output.value(difference.local ?? .null)
            output.key("path")
            output.string(difference.path)
            output.key("remote")
            output.value(difference.remote ?? .null)
            output.endObject()
        }
        output.endArray()
    }

    /// `[{note, path, remote}]`.
    package func writeRemoteKnowledge(to output: inout JSONOutput) {
        output.beginArray()
        for knowledge in remoteKnowledge {
            output.beginObject()
            output.key("note")
            output.string(knowledge.note)
            output.key("path")
            output.string(knowledge.path)
            output.key("remote")
            output.value(knowledge.remote)
            output.endObject()
        }
        output.endArray()
    }
}

extension VerifyReceiptResponse {
    /// Status, its meaning, environment, retry flag, exception and unknown keys, as members of the caller's object.
    package func writeSummaryMembers(to output: inout JSONOutput) {
        output.key("environment")
        if let environment { output.string(environment) } else { output.null() }
        output.key("exception")
        if let exception { output.string(exception) } else { output.null() }
        output.key("is_retryable")
        if let isRetryable { output.bool(isRetryable) } else { output.null() }
        output.key("receipt_form")
        output.string(receipt == nil ? "none" : (isTransactionReceiptForm ? "ios6_transaction_receipt" : "app_receipt"))
        output.key("status")
        output.integer(status)
        output.key("status_meaning")
        output.string(statusMeaning)
        output.member("unknown_keys", strings: unknownKeys)
    }

    /// `latest_receipt_info` as a list ordered by purchase date, values typed as Apple documents them
    /// (strings) and every date as a complete triplet (iOS 6 millisecond `expires_date` included).
    package func writeNormalizedLatestReceiptInfo(to output: inout JSONOutput) {
        let ordered = latestReceiptInfo.sorted {
            ($0.purchaseDate?.milliseconds ?? Int64.min, $0.transactionID ?? "") < (
                $1.purchaseDate?.milliseconds ?? Int64.min, $1.transactionID ?? ""
            )
        }
        output.beginArray()
        for record in ordered {
            let dates: [(String, Timestamp)] = [
                ("purchase_date", record.purchaseDate), ("original_purchase_date", record.originalPurchaseDate),
                ("expires_date", record.expiresDate), ("cancellation_date", record.cancellationDate),
            ].compactMap { name, timestamp in timestamp.map { (name, $0) } }
            var replaced: Set<String> = ["expires_date_formatted", "expires_date_formatted_pst"]
            for (name, _) in dates { replaced.formUnion([name, name + "_ms", name + "_pst"]) }
            output.beginObject()
            Self.writeStringified(record.fields, leavingOut: replaced, to: &output)
            for (name, timestamp) in dates { output.appleTriplet(name, timestamp) }
            output.endObject()
        }
        output.endArray()
    }

    /// `pending_renewal_info` ordered by original transaction id, values as strings, dates as triplets.
    package func writeNormalizedPendingRenewalInfo(to output: inout JSONOutput) {
        let ordered = pendingRenewalInfo.sorted { ($0.originalTransactionID ?? "") < ($1.originalTransactionID ?? "") }
        output.beginArray()
        for renewal in ordered {
            var replaced: Set<String> = []
            if renewal.gracePeriodExpiresDate != nil {
                replaced.formUnion(["grace_period_expires_date", "grace_period_expires_date_ms", "grace_period_expires_date_pst"])
            }
            if renewal.expirationIntent != nil { replaced.insert("expiration_intent_meaning") }
            output.beginObject()
            Self.writeStringified(renewal.fields, leavingOut: replaced, to: &output)
            if let grace = renewal.gracePeriodExpiresDate { output.appleTriplet("grace_period_expires_date", grace) }
            if let intent = renewal.expirationIntent {
                output.key("expiration_intent_meaning")
                output.string(PendingRenewal.meaning(ofExpirationIntent: intent))
            }
            output.endObject()
        }
        output.endArray()
    }

    /// The members of `fields` but `leavingOut`, scalars as strings (the type Apple documents for per-transaction
    /// values), in key order.
    static func writeStringified(_ fields: [String: JSONValue], leavingOut: Set<String>, to output: inout JSONOutput) {
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) where !leavingOut.contains(key) {
            output.dynamicKey(key)
            switch value {
            case .number(let text): output.string(text)
            case .bool(let flag): output.string(flag ? "true" : "false")
            default: output.value(value)
            }
        }
    }
}

extension SubscriptionEvaluator.Result {
    /// `items`, `other_purchases` and `products_needing_period`, as members of the caller's object.
    package func writeMembers(to output: inout JSONOutput, _ naming: OptionNaming) {
        output.key("items")
        output.beginArray()
        for subscription in subscriptions { subscription.write(to: &output, naming) }
        output.endArray()
        output.key("other_purchases")
        output.integer(otherPurchaseCount)
        output.member("products_needing_period", strings: productsNeedingPeriod)
    }
}

extension SubscriptionStatus {
    package func write(to output: inout JSONOutput, _ naming: OptionNaming) {
        output.beginObject()
        output.key("auto_renew")
        if let autoRenew { output.bool(autoRenew) } else { output.null() }
        output.key("auto_renew_product_id")
        if let autoRenewProductID { output.string(autoRenewProductID) } else { output.null() }
        output.key("expiration_intent")
        if let expirationIntent { output.string(expirationIntent) } else { output.null() }
        output.key("expiration_intent_meaning")
        if let expirationIntent {
            output.string(PendingRenewal.meaning(ofExpirationIntent: expirationIntent))
        } else {
            output.null()
        }
        output.key("is_in_intro_offer_period")
        if let isInIntroOfferPeriod { output.bool(isInIntroOfferPeriod) } else { output.null() }
        output.key("is_trial_period")
        if let isTrialPeriod { output.bool(isTrialPeriod) } else { output.null() }
        output.key("kind")
        output.string(kind.rawValue)
        if let latestExpiresDate { output.appleTriplet("latest_expires_date", latestExpiresDate) }
        if let latestPurchaseDate { output.appleTriplet("latest_purchase_date", latestPurchaseDate) }
        output.key("latest_transaction_id")
        if let latestTransactionID { output.string(latestTransactionID) } else { output.null() }
        output.member("notes", strings: notes)
        output.key("original_transaction_id")
        output.string(originalTransactionID)
        if let overlap {
            output.key("overlap")
            output.bool(overlap)
        }
        output.key("product_id")
        output.string(productID)
        output.key("state")
        output.string(state.rawValue)
        output.member("trail", strings: trail.map { $0.rendered(naming) })
        output.key("transactions")
        output.integer(transactionCount)
        output.endObject()
    }
}

extension JSONOutput {
    /// The members `name`, `name_ms` and `name_pst` exactly as verifyReceipt renders a date.
    package mutating func appleTriplet(_ name: String, _ timestamp: Timestamp) {
        dynamicKey(name)
        appleGMT(timestamp)
        dynamicKey(name + "_ms")
        integerString(timestamp.milliseconds)
        dynamicKey(name + "_pst")
        applePacific(timestamp)
    }
}
