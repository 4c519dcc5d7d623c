/// The `subscriptions` document: the state of every subscription at a time, with what the source could not
/// know and facts worth stating. `compare` embeds one for the response it read.
package struct SubscriptionReport: Sendable {
    /// What the states were computed from, as the document's `input` names it.
    package enum Origin: Sendable {
        /// A verifyReceipt response read from `source`.
        case response(source: String, VerifyReceiptResponse)
        /// A receipt alone.
        case receipt(source: String, kind: InputKind)
        /// StoreKit 2 signed data, verified: Apple's status codes beside the result and the items not counted.
        case storeKit(source: String, kind: InputKind, StoreKitSubscriptionInputs)
        /// The response of the enclosing compare document.
        case enclosingResponse
    }

    /// Why no report could be made.
    package enum Failure: Error, Sendable, Equatable {
        /// The input names no time to evaluate at (no request date or creation date) and none was given.
        /// `problem` says why, when the source names a time that could not be read.
        case noTime(TimeSource, problem: String?)
    }

    package let origin: Origin
    package let time: Timestamp
    package let timeSource: TimeSource
    package let inputs: SubscriptionInputs
    package let result: SubscriptionEvaluator.Result

    /// Evaluates `inputs` at `time`.
    package init(
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
    package init(
        inputs: SubscriptionInputs, origin: Origin, at: (time: Timestamp, source: TimeSource)?,
        periods: [String: ISO8601Duration]
    ) throws(Failure) {
        guard let time = at?.time ?? inputs.defaultTime else {
            throw .noTime(inputs.defaultTimeSource, problem: inputs.defaultTimeProblem)
        }
        self.init(
            inputs: inputs, origin: origin, time: time, timeSource: at?.source ?? inputs.defaultTimeSource, periods: periods)
    }

    package func write(to output: inout JSONOutput, _ naming: OptionNaming) {
        output.beginObject()
        output.key("at")
        output.beginObject()
        output.key("source")
        output.string(timeSource.rendered(naming))
        output.key("time")
        output.rfc3339(time)
        output.endObject()
        output.member("cannot_know", strings: inputs.cannotKnow)
        output.member("explanations", strings: inputs.explanations)
        output.key("format_version")
        output.integer(DecodeDocument.formatVersion)
        output.key("input")
        writeOrigin(to: &output)
        result.writeMembers(to: &output, naming)
        output.key("sandbox")
        output.bool(inputs.sandbox)
        output.endObject()
    }

    /// The `input` member's value: what the states were computed from.
    func writeOrigin(to output: inout JSONOutput) {
        switch origin {
        case .response(let source, let response):
            output.beginObject()
            output.key("kind")
            output.literal("verifyReceipt_response")
            output.key("response")
            output.beginObject()
            response.writeSummaryMembers(to: &output)
            output.endObject()
            output.key("source")
            output.string(source)
            output.endObject()
        case .receipt(let source, let kind):
            output.beginObject()
            output.key("kind")
            output.string(kind.name)
            output.key("source")
            output.string(source)
            output.endObject()
        case .storeKit(let source, let kind, let storeKit):
            output.beginObject()
            output.key("apple_statuses")
            output.beginArray()
            for status in storeKit.appleStatuses { status.write(to: &output) }
            output.endArray()
            output.key("excluded_items")
            output.beginArray()
            for item in storeKit.excluded {
                output.beginObject()
                output.member("failed_checks", strings: (item.report?.problemCheckIDs ?? []).map(\.rawValue))
                output.key("kind")
                output.string(item.kind.rawValue)
                output.key("path")
                output.string(item.path)
                output.key("verdict")
                output.string((item.ownVerdict ?? .unverifiableHere).rawValue)
                output.endObject()
            }
            output.endArray()
            output.key("kind")
            output.string(kind.name)
            output.key("source")
            output.string(source)
            output.endObject()
        case .enclosingResponse: output.literal("response")
        }
    }
}
