/// The `compare` document: a receipt's local decode and verdict beside Apple's verifyReceipt answer, the
/// field-by-field differences, what only Apple knows, the normalised renewal lists and the subscription
/// states they imply.
public struct ComparisonDocument: Sendable {
    public let local: ComparableReceipt
    public let response: VerifyReceiptResponse
    public let origin: ResponseOrigin
    /// Nil when Apple returned no receipt object (e.g. status 21002).
    public let comparison: ReceiptComparison?
    /// Nil when neither a time was given nor the response or receipt names one.
    public let subscriptions: SubscriptionReport?

    public init(
        local: ComparableReceipt, response: VerifyReceiptResponse, origin: ResponseOrigin,
        at: (time: Timestamp, source: TimeSource)?, periods: [String: ISO8601Duration]
    ) {
        self.local = local
        self.response = response
        self.origin = origin
        comparison = response.receipt.map { remote in
            ReceiptComparison(
                local: local.object, remote: remote, latestReceiptInfo: response.latestReceiptInfo,
                localCreation: local.creation)
        }
        let time = at ?? response.requestDate.map { ($0, .requestDate) } ?? local.creation.map { ($0, .receiptCreationDate) }
        subscriptions = time.map { time, source in
            SubscriptionReport(
                inputs: SubscriptionInputs(response: response), origin: .enclosingResponse, time: time, timeSource: source,
                periods: periods)
        }
    }

    /// True when nothing disagrees (and Apple returned a receipt to compare with).
    public var agrees: Bool { comparison?.agrees ?? false }

    public var notes: [String] {
        guard let comparison else {
            return ["Apple returned no receipt object (status \(response.status): \(response.statusMeaning)); nothing to compare"]
        }
        return comparison.notes
    }

    public func json(_ naming: OptionNaming) -> JSONValue {
        var responseObject = origin.jsonMembers
        responseObject.merge(response.summaryJSON.objectValue ?? [:]) { own, _ in own }
        var top: [String: JSONValue] = [
            "format_version": .integer(DecodeDocument.formatVersion),
            "input": JSONValue.rendered { local.decoded.input.write(to: &$0) },
            "verification": .object([
                "verdict": .string(local.verification.verdict.rawValue),
                "failed_checks": .array(local.verification.failedCheckIDs.map { .string($0.rawValue) }),
            ]),
            "response": .object(responseObject),
            "latest_receipt_info": response.normalizedLatestReceiptInfo,
            "pending_renewal_info": response.normalizedPendingRenewalInfo,
            "differences": comparison?.differencesJSON ?? .array([]),
            "remote_knowledge": comparison?.remoteKnowledgeJSON ?? .array([]),
            "notes": .array(notes.map(JSONValue.string)),
            "agrees": .bool(agrees),
        ]
        if let subscriptions { top["subscriptions"] = subscriptions.json(naming) }
        return .object(top)
    }
}
