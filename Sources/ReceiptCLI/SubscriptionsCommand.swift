import ReceiptKit

/// `appreceipt subscriptions`: subscription state from a verifyReceipt response or a receipt.
enum SubscriptionsCommand: Subcommand {
    static let name = "subscriptions"
    static let abstract = "Work out subscription states from a verifyReceipt response (or a receipt) at a time."
    static let usage =
        "[--at TIME|now] [--period PRODUCT=DURATION ...] [--periods FILE] [--trust-anchor FILE ...] [--allow-xcode] [--format json|text] [--compact] [FILE | --api ID --bundle-id ID [--key-file FILE] [--key-id ID] [--issuer-id ID] [--environment production|sandbox|auto] [--api-url URL]]"
    static let discussion = """
        Per original_transaction_id and product: the state (active, expired, in_grace_period, in_billing_retry,
        revoked, upgraded), auto-renew on or off and to which product, the expiration intent and its meaning,
        trial and intro flags, the latest expiry, and the rule trail that led to the state. Ordered by latest
        expiry, earliest first, never by array order. The default time is the response's request_date (or a
        receipt's creation date). Non-renewing subscriptions carry no term: give it with --period PRODUCT=P1M
        (ISO 8601) or --periods FILE; overlapping purchases are flagged. Compressed sandbox renewals are
        recognised and explained. From a receipt alone, what it cannot know is listed.
        StoreKit 2 input (a notification, a transaction, a Get All Subscription Statuses or history answer) is
        verified on the way, like verify does (pinned Apple Root CA - G3, or --trust-anchor; Xcode items only
        with --allow-xcode): only valid items count, the others are listed under excluded_items. Apple's
        status codes (1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked) are shown beside the
        states, which come from the signed transactions and renewal infos themselves.
        """
    static let options: [OptionSpec] =
        [
            TimeAndPeriodOptions.at, TimeAndPeriodOptions.period, TimeAndPeriodOptions.periods,
            .value(
                "trust-anchor", "FILE", repeatable: true, "StoreKit 2: trust this certificate instead of the pinned Apple root."),
            .flag("allow-xcode", "StoreKit 2: trust Xcode StoreKit Testing items."),
            CommonOptions.format, CommonOptions.compact,
        ] + APIStatusAnswer.options

    static func run(_ arguments: ParsedArguments, console: any Console) throws(CLIError) -> ExitCode {
        let format = try OutputFormat.from(arguments, command: name)
        guard arguments.positionals.count <= 1 else { throw .usage("subscriptions takes one FILE", command: name) }
        let periods = try TimeAndPeriodOptions.periods(arguments, command: name)
        let at = try TimeAndPeriodOptions.time(arguments, command: name)
        let input: NamedInput
        if let id = arguments.value("api") {
            input = try APIStatusAnswer.fetch(id, arguments, console: console, command: name)
        } else {
            input = try console.readInput(arguments.positionals.first ?? "-")
        }
        var policyArguments = arguments
        policyArguments.values["environment"] = nil
        let policy = try VerificationOptions.policy(from: policyArguments, command: name)
        let (inputs, origin) = try read(input, policy: policy)
        let report: SubscriptionReport
        do throws(SubscriptionReport.Failure) {
            report = try SubscriptionReport(inputs: inputs, origin: origin, at: at, periods: periods)
        } catch {
            switch error {
            case .noTime(let source, let problem):
                let missing = problem.map { "readable \(source.rendered(.commandLine)) (\($0))" } ?? source.rendered(.commandLine)
                throw .usage("this input has no \(missing) to evaluate at; give --at TIME or --at now", command: name)
            }
        }
        switch format {
        case .json: try console.writeJSON(compact: arguments.has("compact")) { report.write(to: &$0, .commandLine) }
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
