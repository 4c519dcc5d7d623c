import ReceiptKit

/// `appreceipt subscriptions`: subscription state from a verifyReceipt response or a receipt.
enum SubscriptionsCommand: Subcommand {
    static let name = "subscriptions"
    static let abstract = "Work out subscription states from a verifyReceipt response (or a receipt) at a time."
    static let usage = "[--at TIME|now] [--period PRODUCT=DURATION ...] [--periods FILE] [--format json|text] [FILE]"
    static let discussion = """
        Per original_transaction_id and product: the state (active, expired, in_grace_period, in_billing_retry,
        revoked, upgraded), auto-renew on or off and to which product, the expiration intent and its meaning,
        trial and intro flags, the latest expiry, and the rule trail that led to the state. Ordered by latest
        expiry, earliest first, never by array order. The default time is the response's request_date (or a
        receipt's creation date). Non-renewing subscriptions carry no term: give it with --period PRODUCT=P1M
        (ISO 8601) or --periods FILE; overlapping purchases are flagged. Compressed sandbox renewals are
        recognised and explained. From a receipt alone, what it cannot know is listed.
        """
    static let options: [OptionSpec] = [
        TimeAndPeriodOptions.at, TimeAndPeriodOptions.period, TimeAndPeriodOptions.periods,
        CommonOptions.format, CommonOptions.compact,
    ]

    static func run(_ arguments: ParsedArguments, console: any Console) throws(CLIError) -> ExitCode {
        let format = try OutputFormat.from(arguments, command: name)
        guard arguments.positionals.count <= 1 else { throw .usage("subscriptions takes one FILE", command: name) }
        let periods = try TimeAndPeriodOptions.periods(arguments, command: name)
        let at = try TimeAndPeriodOptions.time(arguments, command: name)
        let input = try console.readInputs(arguments.positionals)[0].get()
        let (inputs, source) = try readSource(input)
        let document = try report(inputs: inputs, source: source, at: at, periods: periods)
        switch format {
        case .json: try console.writeJSON(document, compact: arguments.has("compact"))
        case .text: try console.writeText(SubscriptionsTextRenderer.render(document))
        }
        return .success
    }

    /// A verifyReceipt response when the input is JSON with a status, otherwise a receipt.
    static func readSource(_ input: NamedInput) throws(CLIError) -> (SubscriptionInputs, JSONValue) {
        // Sniffing: JSON with a status is a response; anything else (a failed parse included) is read as a receipt.
        if input.bytes.first(where: { !InputBytes.isWhitespace($0) }) == UInt8(ascii: "{"),
            let json = try? JSONParser.parse(input.bytes), json["status"] != nil
        {
            let response = try CompareCommand.response(json: json, source: input.source)
            return (
                SubscriptionInputs(response: response),
                .object([
                    "source": .string(input.source), "kind": .string("verifyReceipt_response"), "response": response.summaryJSON,
                ])
            )
        }
        do throws(DecodeError) {
            let (unwrapped, document) = try ReceiptDecoder.decode(input.bytes)
            switch document {
            case .appReceipt(let receipt):
                return (
                    SubscriptionInputs(receipt: receipt),
                    .object(["source": .string(input.source), "kind": .string(receipt.kindName)])
                )
            case .transactionReceipt(let transaction):
                return (
                    SubscriptionInputs(transaction: transaction),
                    .object(["source": .string(input.source), "kind": .string(unwrapped.kindName)])
                )
            case .jws:
                throw DecodeError.input(
                    .unrecognised("subscriptions reads verifyReceipt responses and receipts, not StoreKit 2 JWS"))
            }
        } catch {
            throw .undecodable(source: input.source, error)
        }
    }

    /// The subscriptions document; also used by compare for the state its response implies.
    static func report(
        inputs: SubscriptionInputs, source: JSONValue, at: (Timestamp, String)?, periods: [String: ISO8601Duration]
    ) throws(CLIError) -> JSONValue {
        guard let time = at?.0 ?? inputs.defaultTime else {
            throw .usage(
                "this input has no \(inputs.defaultTimeSource) to evaluate at; give --at TIME or --at now", command: name)
        }
        let result = SubscriptionEvaluator(at: time, periods: periods, sandbox: inputs.sandbox)
            .evaluate(transactions: inputs.transactions, renewals: inputs.renewals)
        var object = result.json.objectValue ?? [:]
        object["format_version"] = .integer(DecodeReport.formatVersion)
        object["input"] = source
        object["at"] = .object(["time": .string(time.rfc3339), "source": .string(at?.1 ?? inputs.defaultTimeSource)])
        object["sandbox"] = .bool(inputs.sandbox)
        object["cannot_know"] = .array(inputs.cannotKnow.map(JSONValue.string))
        object["explanations"] = .array(inputs.explanations.map(JSONValue.string))
        return .object(object)
    }
}
