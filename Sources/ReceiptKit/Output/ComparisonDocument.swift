/// The `compare` document: a receipt's local decode and verdict beside Apple's verifyReceipt answer, the
/// field-by-field differences, what only Apple knows, the normalised renewal lists and the subscription
/// states they imply.
package struct ComparisonDocument: Sendable {
    package let local: ComparableReceipt
    package let response: VerifyReceiptResponse
    package let origin: ResponseOrigin
    /// Nil when Apple returned no receipt object (e.g. status 21002).
    package let comparison: ReceiptComparison?
    /// Nil when neither a time was given nor the response or receipt names one.
    package let subscriptions: SubscriptionReport?

    package init(
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
    package var agrees: Bool { comparison?.agrees ?? false }

    package var notes: [String] {
        guard let comparison else {
            return ["Apple returned no receipt object (status \(response.status): \(response.statusMeaning)); nothing to compare"]
        }
        guard !comparison.agrees, isLatestReceipt else { return comparison.notes }
        return [
            "this receipt is the response's own latest_receipt: Apple's receipt object describes the receipt that was "
                + "sent to verifyReceipt, which may be older, so differences are expected; compare the receipt that "
                + "was sent, or send this one to verifyReceipt (--remote)"
        ] + comparison.notes
    }

    /// True when the local receipt is the response's `latest_receipt` (the same bytes once base64 is decoded).
    package var isLatestReceipt: Bool {
        guard let latest = response.latestReceipt, let latestBytes = Self.base64Bytes(latest) else { return false }
        return Self.base64Bytes(local.receiptData) == latestBytes
    }

    private static func base64Bytes(_ text: String) -> [UInt8]? {
        do {
            return try LenientBase64.decode(Array(text.utf8)).bytes
        } catch {
            return nil
        }
    }

    package func write(to output: inout JSONOutput, _ naming: OptionNaming) {
        output.beginObject()
        output.key("agrees")
        output.bool(agrees)
        output.key("differences")
        if let comparison { comparison.writeDifferences(to: &output) } else { Self.writeEmptyArray(to: &output) }
        output.key("format_version")
        output.integer(DecodeDocument.formatVersion)
        output.key("input")
        local.decoded.input.write(to: &output)
        output.key("latest_receipt_info")
        response.writeNormalizedLatestReceiptInfo(to: &output)
        output.member("notes", strings: notes)
        output.key("pending_renewal_info")
        response.writeNormalizedPendingRenewalInfo(to: &output)
        output.key("remote_knowledge")
        if let comparison { comparison.writeRemoteKnowledge(to: &output) } else { Self.writeEmptyArray(to: &output) }
        output.key("response")
        output.beginObject()
        origin.writeMembers(to: &output)
        response.writeSummaryMembers(to: &output)
        output.endObject()
        if let subscriptions {
            output.key("subscriptions")
            subscriptions.write(to: &output, naming)
        }
        output.key("verification")
        local.verification.writeVerdictSummary(to: &output)
        output.endObject()
    }

    private static func writeEmptyArray(to output: inout JSONOutput) {
        output.beginArray()
        output.endArray()
    }
}
