import ReceiptKit
import ReceiptRemote

/// `subscriptions --api ID`: a live Get All Subscription Statuses answer, read as a saved one would be.
enum APIStatusAnswer {
    /// The options `subscriptions` gains: `--api ID` and the client's own (it has `--trust-anchor` already).
    static var options: [OptionSpec] {
        [.value("api", "ID", "Ask Apple's Get All Subscription Statuses for this transaction id (credentials as for api).")]
            + APICallOptions.clientOptions.filter { $0.name != "trust-anchor" && $0.name != "limit" }
    }

    /// Apple's answer for `id`, as the input `subscriptions` reads (its signed items are verified there).
    static func fetch(_ id: String, _ arguments: ParsedArguments, console: any Console, command: String) throws(CLIError)
        -> NamedInput
    {
        guard arguments.positionals.isEmpty else { throw .usage("--api takes the place of FILE", command: command) }
        let client = try APICallOptions.client(arguments, environment: console.environment, command: command)
        let outcome: AppStoreServerAPIOutcome
        do throws(AppStoreServerAPIFailure) {
            // Verified once by subscriptions itself, so nothing is checked twice here.
            outcome = try client.run(.subscriptionStatuses(transactionID: id, statuses: []), verifier: nil) { _ in true }
        } catch {
            throw .failure(error.description, APICallOptions.exitCode(error))
        }
        return NamedInput(
            source: "App Store Server API (\(outcome.environment.rawValue)) statuses of \(id)",
            bytes: Array(outcome.lastPage.text(pretty: false).utf8))
    }
}
