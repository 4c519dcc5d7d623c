import ReceiptKit
import ReceiptRemote

/// `subscriptions --api ID`: a live Get All Subscription Statuses answer, read as a saved one would be.
enum APIStatusAnswer {
    /// Apple's answer for `id`, as the input `subscriptions` reads (its signed items are verified there, once).
    static func fetch(_ id: String, _ options: APIClientOptions, console: any Console) throws(CLIError) -> NamedInput {
        let client = try options.client(environment: console.environment)
        let outcome: AppStoreServerAPIOutcome
        do throws(AppStoreServerAPIFailure) {
            outcome = try client.run(.subscriptionStatuses(transactionID: id, statuses: []), verifier: nil) { _ in true }
        } catch {
            throw .failure(error.description, APIClientOptions.exitCode(error))
        }
        return NamedInput(
            source: "App Store Server API (\(outcome.environment.rawValue)) statuses of \(id)",
            bytes: Array(outcome.lastPage.text(pretty: false).utf8))
    }
}
