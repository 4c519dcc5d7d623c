/// The `subscriptions` document: the state of every subscription at a time, with what the source could not
/// know and facts worth stating. `compare` embeds one for the response it read.
public struct SubscriptionReport: Sendable {
    /// What the states were computed from, as the document's `input` names it.
    public enum Origin: Sendable {
        /// A verifyReceipt response read from `source`.
        case response(source: String, VerifyReceiptResponse)
        /// A receipt alone.
        case receipt(source: String, kind: InputSummary.Kind)
        /// StoreKit 2 signed data, verified: Apple's status codes beside the result and the items not counted.
        case storeKit(source: String, kind: InputSummary.Kind, StoreKitSubscriptionInputs)
        /// The response of the enclosing compare document.
        case enclosingResponse
    }

    /// Why no report could be made.
    public enum Failure: Error, Sendable, Equatable {
        /// The input names no time to evaluate at (no request date or creation date) and none was given.
        /// `problem` says why, when the source names a time that could not be read.
        case noTime(TimeSource, problem: String?)
    }

    public let origin: Origin
    public let time: Timestamp
    public let timeSource: TimeSource
    public let inputs: SubscriptionInputs
    public let result: SubscriptionEvaluator.Result

    /// Evaluates `inputs` at `time`.
    public init(
        inputs: SubscriptionInputs, origin: Origin, time: Timestamp, timeSource: TimeSource, periods: [String: ISO8601Duration]
    ) {
        self.origin = origin
        self.time = time
        self.timeSource = timeSource
        self.inputs = inputs
        result = SubscriptionEvaluator(at: time, periods: periods, sandbox: inputs.sandbox)
            .evaluate(transactions: inputs.transactions, renewals: inputs.renewals)
    }

    /// Evaluates `inputs` at `at` (a given time), else at the time the source speaks for.
    public init(
        inputs: SubscriptionInputs, origin: Origin, at: (time: Timestamp, source: TimeSource)?,
        periods: [String: ISO8601Duration]
    ) throws(Failure) {
        guard let time = at?.time ?? inputs.defaultTime else {
            throw .noTime(inputs.defaultTimeSource, problem: inputs.defaultTimeProblem)
        }
        self.init(
            inputs: inputs, origin: origin, time: time, timeSource: at?.source ?? inputs.defaultTimeSource, periods: periods)
    }

    public func json(_ naming: OptionNaming) -> JSONValue {
        var object = result.jsonMembers(naming)
        object["format_version"] = .integer(DecodeDocument.formatVersion)
        object["input"] = originJSON
        object["at"] = .object(["time": .string(time.rfc3339), "source": .string(timeSource.rendered(naming))])
        object["sandbox"] = .bool(inputs.sandbox)
        object["cannot_know"] = .array(inputs.cannotKnow.map(JSONValue.string))
        object["explanations"] = .array(inputs.explanations.map(JSONValue.string))
        return .object(object)
    }

    var originJSON: JSONValue {
        switch origin {
        case .response(let source, let response):
            return .object([
                "source": .string(source), "kind": .string("verifyReceipt_response"), "response": response.summaryJSON,
            ])
        case .receipt(let source, let kind): return .object(["source": .string(source), "kind": .string(kind.name)])
        case .storeKit(let source, let kind, let storeKit):
            return .object([
                "source": .string(source), "kind": .string(kind.name),
                "apple_statuses": .array(storeKit.appleStatuses.map(\.json)),
                "excluded_items": .array(
                    storeKit.excluded.map { item in
                        .object([
                            "path": .string(item.path), "kind": .string(item.kind.rawValue),
                            "verdict": .string((item.ownVerdict ?? .unverifiableHere).rawValue),
                            "failed_checks": .array((item.report?.problemCheckIDs ?? []).map { .string($0.rawValue) }),
                        ])
                    }),
            ])
        case .enclosingResponse: return .string("response")
        }
    }
}
