import ReceiptKit
import ReceiptRemote

/// `compare --api`: a receipt or a signed transaction beside Apple's transaction history for each of its original
/// transaction ids, in the shape of the verifyReceipt comparison.
enum APIComparison {
    /// Original transaction ids asked about at most (each is one history, possibly paged).
    static let maximumIDs = 20

    static func run(
        receipt: String?, client options: APIClientOptions, trust: TrustOptions, time: TimeOptions, output: OutputOptions,
        console: any Console
    ) throws(CLIError) -> ExitCode {
        let verifier = try options.verifier(trust, time: time)
        var policy = try trust.policy(at: time)
        policy.bundleIDs = options.bundleID.map { [$0] } ?? []
        let client = try options.client(environment: console.environment)
        let input = try console.readInput(receipt ?? "-")
        let local: LocalTransactions
        do throws(DecodeError) {
            local = try LocalTransactions(source: input.source, bytes: input.bytes, policy: policy)
        } catch {
            throw .undecodable(source: input.source, error)
        }
        let ids = local.originalTransactionIDs
        guard !ids.isEmpty else { throw .failure("\(input.source): no transaction to ask Apple about", .negative) }
        guard ids.count <= maximumIDs else {
            throw .failure(
                "\(input.source): \(ids.count) original transaction ids; at most \(maximumIDs) are asked about", .usage)
        }
        var items: [SignedDataReport] = []
        var environment = ""
        for id in ids {
            do throws(AppStoreServerAPIFailure) {
                let outcome = try client.run(.transactionHistory(transactionID: id, .init()), verifier: verifier) {
                    items.append($0.report)
                    return true
                }
                environment = outcome.environment.rawValue
            } catch {
                throw .failure(error.description, APIClientOptions.exitCode(error))
            }
        }
        let document = HistoryComparisonDocument(
            local: local, history: items, environment: environment, originalTransactionIDs: ids)
        switch output.format {
        case .json: try console.writeJSON(compact: output.compact) { document.write(to: &$0) }
        case .text: try console.writeText(render(document))
        }
        return document.agrees ? .success : .negative
    }

    /// A value as one short phrase: a whole transaction by its product, anything else as JSON.
    private static func shown(_ value: JSONValue?) -> String {
        guard let value else { return "-" }
        if value.objectValue != nil { return "a transaction of \(value["product_id"]?.scalarText ?? "an unnamed product")" }
        return value.text(pretty: false)
    }

    static func render(_ document: HistoryComparisonDocument) -> String {
        let comparison = document.comparison
        var lines = [
            "\(document.local.decoded.input.source): local verdict \(document.local.verification.verdict.rawValue)",
            "Apple's history (\(document.environment)): \(document.historyItems) item(s) for "
                + document.originalTransactionIDs.joined(separator: ", "),
            document.agrees ? "agrees: every local transaction is in Apple's history, no field differs" : "agrees: no",
        ]
        for difference in comparison.differences {
            lines.append(
                "  \(difference.kind.rawValue.padding(11)) \(difference.path)  local \(shown(difference.local))  "
                    + "Apple \(shown(difference.remote))")
        }
        if !comparison.remoteKnowledge.isEmpty { lines.append("only Apple knows:") }
        for knowledge in comparison.remoteKnowledge { lines.append("  \(knowledge.path): \(knowledge.note)") }
        lines += document.notes.map { "note: \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }
}
