/// The `compare --api` document: local transactions beside Apple's transaction history, in the shape of the
/// verifyReceipt comparison (`agrees`, `differences`, `remote_knowledge`, `notes`, `input`, `verification`),
/// with `response` saying what Apple's history held.
package struct HistoryComparisonDocument: Sendable {
    package let local: LocalTransactions
    package let comparison: ReceiptComparison
    /// The environment that answered, and the original transaction ids asked about.
    package let environment: String
    package let originalTransactionIDs: [String]
    package let historyItems: Int
    /// Apple's items that did not verify, left out of the comparison: `path (verdict)`.
    package let excludedItems: [String]

    package init(local: LocalTransactions, history: [SignedDataReport], environment: String, originalTransactionIDs: [String]) {
        self.local = local
        self.environment = environment
        self.originalTransactionIDs = originalTransactionIDs
        historyItems = history.count
        excludedItems = history.filter { $0.verdict != .valid }.map {
            "\($0.path) (\($0.verdict?.rawValue ?? "not verified"))"
        }
        comparison = ReceiptComparison(
            localTransactions: local.transactions, history: LocalTransactions.history(history), localCreation: local.creation)
    }

    package var agrees: Bool { comparison.agrees }

    package var notes: [String] {
        let excluded = excludedItems.map { "Apple's item \($0) did not verify: left out of the comparison" }
        return excluded + comparison.notes
    }

    package func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("agrees")
        output.bool(agrees)
        output.key("differences")
        comparison.writeDifferences(to: &output)
        output.key("format_version")
        output.integer(DecodeDocument.formatVersion)
        output.key("input")
        local.decoded.input.write(to: &output)
        output.member("notes", strings: notes)
        output.key("remote_knowledge")
        comparison.writeRemoteKnowledge(to: &output)
        output.key("response")
        output.beginObject()
        output.member("environment", environment)
        output.member("excluded_items", strings: excludedItems)
        output.member("history_items", integer: historyItems)
        output.member("original_transaction_ids", strings: originalTransactionIDs)
        output.member("source", "app_store_server_api")
        output.endObject()
        output.key("verification")
        local.verification.writeVerdictSummary(to: &output)
        output.endObject()
    }
}

extension VerificationReport {
    /// `{failed_checks, verdict}`: the local verdict a comparison document carries beside Apple's answer.
    func writeVerdictSummary(to output: inout JSONOutput) {
        output.beginObject()
        output.member("failed_checks", strings: failedCheckIDs.map(\.rawValue))
        output.key("verdict")
        output.string(verdict.rawValue)
        output.endObject()
    }
}
