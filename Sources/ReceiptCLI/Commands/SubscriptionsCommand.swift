import ArgumentParser
import ReceiptKit

/// `appreceipt subscriptions`: subscription state from a verifyReceipt response or a receipt.
struct SubscriptionsCommand: ConsoleRunnable {
    static let configuration = CommandConfiguration(
        commandName: "subscriptions",
        abstract: "Work out subscription states from a verifyReceipt response (or a receipt) at a time.",
        discussion: """
            Per original_transaction_id and product: the state (active, expired, in_grace_period, \
            in_billing_retry, revoked, upgraded), auto-renew on or off and to which product, the expiration \
            intent and its meaning, trial and intro flags, the latest expiry, and the rule trail that led to the \
            state. Ordered by latest expiry, earliest first, never by array order. The default time is the \
            response's request_date (or a receipt's creation date). Non-renewing subscriptions carry no term: \
            give it with --period PRODUCT=P1M (ISO 8601) or --periods FILE; overlapping purchases are flagged. \
            Compressed sandbox renewals are recognised and explained. From a receipt alone, what it cannot know \
            is listed.

            StoreKit 2 input (a notification, a transaction, a Get All Subscription Statuses or history answer) \
            is verified on the way, like verify does (pinned Apple Root CA - G3, or --trust-anchor; Xcode items \
            only with --allow-xcode): only valid items count, the others are listed under excluded_items. \
            Apple's status codes (1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked) are shown \
            beside the states, which come from the signed transactions and renewal infos themselves.

            EXAMPLES:
              appreceipt subscriptions --at now response.json
              appreceipt subscriptions --period com.example.season=P3M --format text response.json

            \(ExitStatusText.tool)
            """)

    @OptionGroup var time: TimeOptions

    @OptionGroup var periods: PeriodOptions

    @OptionGroup var trust: TrustOptions

    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp(
            "A verifyReceipt response, a receipt or StoreKit 2 data; none or - reads standard input.", valueName: "file"))
    var file: String?

    func run(console: any Console) throws(CLIError) -> ExitCode {
        let terms = try periods.terms()
        let at = try time.time()
        let input = try console.readInput(file ?? "-")
        let policy = try trust.policy(at: time)
        let (inputs, origin) = try Self.read(input, policy: policy)
        let report: SubscriptionReport
        do throws(SubscriptionReport.Failure) {
            report = try SubscriptionReport(inputs: inputs, origin: origin, at: at, periods: terms)
        } catch {
            switch error {
            case .noTime(let source, let problem):
                let missing = problem.map { "readable \(source.rendered(.commandLine)) (\($0))" } ?? source.rendered(.commandLine)
                throw .usage("this input has no \(missing) to evaluate at; give --at TIME or --at now")
            }
        }
        switch output.format {
        case .json: try console.writeJSON(compact: output.compact) { report.write(to: &$0, .commandLine) }
        case .text: try console.writeText(SubscriptionsTextRenderer.render(report))
        }
        return .success
    }

    /// The response or receipt in the input; errors name the input.
    static func read(_ input: NamedInput, policy: VerificationPolicy) throws(CLIError)
        -> (SubscriptionInputs, SubscriptionReport.Origin)
    {
        do throws(SubscriptionSource.Failure) {
            return try SubscriptionSource.read(source: input.source, bytes: input.bytes, policy: policy)
        } catch {
            switch error {
            case .response(let failure): throw .failure("\(input.source): \(failure)", .dataError)
            case .undecodable(let failure): throw .undecodable(source: input.source, failure)
            }
        }
    }
}
