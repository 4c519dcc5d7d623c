import ReceiptKit
import ReceiptRemote

/// Writes `api`'s items as they arrive: one JSON line each (or a block of text), flushed at once, then a summary.
struct APIOutputWriter {
    let format: OutputFormat
    let console: any Console
    private(set) var invalidItems = 0
    /// The first write that failed; the call stops there and the error is thrown by ``finish(_:)``.
    private var failure: CLIError?

    init(format: OutputFormat, console: any Console) {
        self.format = format
        self.console = console
    }

    /// Writes one item; false (stop asking Apple) once output fails.
    mutating func write(_ item: AppStoreServerAPIItem) -> Bool {
        if item.report.verdict != .valid { invalidItems += 1 }
        do throws(CLIError) {
            switch format {
            case .json:
                var output = JSONOutput(pretty: false)
                output.beginObject()
                if let beside = item.beside {
                    output.key("beside")
                    output.value(beside)
                }
                output.member("environment", item.environment.rawValue)
                output.key("item")
                item.report.write(to: &output, .commandLine)
                output.member("page", integer: item.page)
                output.endObject()
                output.appendRaw(0x0A)
                try console.writeOut(output)
            case .text:
                let head = "\(item.environment.rawValue), page \(item.page):"
                try console.writeText(
                    ([head] + SignedDataTextRenderer.render(item.report, depth: 1)).joined(separator: "\n") + "\n\n")
            }
            try console.flush()
            return true
        } catch {
            failure = error
            return false
        }
    }

    /// Throws the write that failed, if one did (the call's own error comes after it).
    func finish() throws(CLIError) {
        if let failure { throw failure }
    }

    /// The summary line: which environment answered, how much came, whether Apple has more, the requests made.
    func finish(_ outcome: AppStoreServerAPIOutcome) throws(CLIError) {
        try finish()
        switch format {
        case .json:
            var output = JSONOutput(pretty: false)
            output.beginObject()
            output.key("summary")
            write(outcome, to: &output)
            output.endObject()
            output.appendRaw(0x0A)
            try console.writeOut(output)
        case .text:
            let more = outcome.hasMore ? "; Apple has more (stopped by --limit)" : ""
            let answer =
                outcome.lastAnswer.objectValue?.isEmpty == false
                ? "\nanswer (unsigned): \(outcome.lastAnswer.text(pretty: false))" : ""
            try console.writeText(
                "\(outcome.environment.rawValue) answered: \(outcome.items) item(s) in \(outcome.pages) page(s), "
                    + "\(invalidItems) not valid\(more)\(answer)\n")
        }
    }

    private func write(_ outcome: AppStoreServerAPIOutcome, to output: inout JSONOutput) {
        output.beginObject()
        output.key("answer")
        output.value(outcome.lastAnswer)
        output.member("asked", strings: outcome.asked.map(\.rawValue))
        output.member("environment", outcome.environment.rawValue)
        output.key("exchanges")
        output.beginArray()
        for exchange in outcome.exchanges {
            output.beginObject()
            output.member("environment", exchange.environment.rawValue)
            output.member("error_code", integer: exchange.errorCode)
            output.member("http_status", integer: exchange.httpStatus)
            output.member("method", exchange.method)
            output.member("path", exchange.path)
            output.member("problem", exchange.problem)
            output.endObject()
        }
        output.endArray()
        output.key("has_more")
        output.bool(outcome.hasMore)
        output.member("invalid_items", integer: invalidItems)
        output.member("items", integer: outcome.items)
        output.member("pages", integer: outcome.pages)
        output.endObject()
    }
}
