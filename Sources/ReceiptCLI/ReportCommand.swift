import ReceiptAudit
import ReceiptKit
import ReceiptReport

/// `appreceipt report`: sales and trends from audit output and verifyReceipt responses. The counting is
/// the ReceiptReport target's; this file reads the command line and the files and writes what it hands back.
enum ReportCommand: Subcommand, ListsItsOwnExitStatus {
    static let name = "report"
    static let abstract = "Count purchases, renewals, trials, refunds ... per product and day from audit output or responses."
    static let usage =
        "[--format csv|json|text] [--compact] [--svg FILE] [--tz UTC|America/Los_Angeles|+HH:MM] [--include-unverified] [FILE|-]..."
    static let discussion = """
        Reads audit output (JSON Lines from appreceipt audit) and verifyReceipt responses (a saved response, or
        one per line), detected per file and line, and counts per day, environment and product the events of
        unique transactions: a transaction_id (in one environment) counts once however many receipts repeat it.
          first_purchases  transaction_id equals original_transaction_id (or there is none); purchase day
          renewals         transaction_id differs and there is an expires_date (auto-renewable); purchase day
          restores         transaction_id differs and there is no expires_date; purchase day
          trials           is_trial_period true; purchase day
          intro_offers     is_in_intro_offer_period true; purchase day
          refunds          cancellation_date present and not an upgrade (refunds/cancellations); that day
          upgrades         is_upgraded true; cancellation day, else purchase day
        Family-shared transactions (in_app_ownership_type FAMILY_SHARED) are not counted. Audit output carries
        the receipt's offer flags (app receipts have no upgrade flag: upgrades come from responses and StoreKit 2);
        offer_flags_unknown says how many purchases had none. Only valid audit records and responses with status 0 or 21006
        are counted unless --include-unverified; every audit record, valid or not, counts in the verdicts and
        signals per day (by the receipt's creation date). Output: JSON (default), CSV (the rows) or text, in
        day, environment, product order. --svg writes a chart: events stacked per day, and audit verdicts per
        day with a line per signal; when more than 150 days have data it groups them into weeks, months,
        years or longer (the chart says so), and records that are not valid dated outside the valid records' days are
        one "earlier" and one "later" bar. The JSON, CSV and text output keep every day.
        """
    static let exitStatus = """
        EXIT STATUS:
          0   the report was written, whatever the verdicts (audit and summarize judge them), or the reader of
              the output closed the pipe
          64  usage error
          65  some lines or files are not audit output or a verifyReceipt response: the report over the rest is
              still written, counts them (inputs.unusable) and names each on stderr with path:line
          66  an input missing or unreadable
          74  writing the output or the chart failed (the chart's file is tried before reading)
        """
    static let options: [OptionSpec] = [
        .value("format", "csv|json|text", "Output format (default json)."),
        CommonOptions.compact,
        .value("svg", "FILE", "Also write an SVG chart (events per day; audit verdicts and signals per day) to FILE."),
        .value("tz", "ZONE", "Count days in UTC (default), America/Los_Angeles (Apple's _pst rules) or an offset like +05:30."),
        .flag(
            "include-unverified", "Also count purchases of records that are not valid (all but malformed) and of other responses."
        ),
    ]

    enum Format: String {
        case csv, json, text
    }

    static func run(_ arguments: ParsedArguments, console: any Console) throws(CLIError) -> ExitCode {
        let raw = arguments.value("format") ?? "json"
        guard let format = Format(rawValue: raw) else {
            throw .usage("--format must be csv, json or text, not '\(raw)'", command: name)
        }
        if format != .json, arguments.has("compact") {
            throw .usage("--compact shapes JSON output; it cannot be used with --format \(raw)", command: name)
        }
        var options = ReportOptions(includeUnverified: arguments.has("include-unverified"))
        if let zone = arguments.value("tz") {
            do throws(ReportTimeZone.Failure) {
                options.timeZone = try ReportTimeZone(parsing: zone)
            } catch {
                throw .usage("--tz: \(error.description)", command: name)
            }
        }
        let svgPath = arguments.value("svg")
        // Fail before reading, not after, when the chart cannot be written.
        if let svgPath { try FileWriter.write([], to: svgPath) }
        let report = try read(arguments.positionals.isEmpty ? ["-"] : arguments.positionals, options, console: console)
        if let svgPath { try FileWriter.write(Array(ReportChart.svg(report).utf8), to: svgPath) }
        switch format {
        case .json: try console.writeJSON(compact: arguments.has("compact")) { report.write(to: &$0) }
        case .csv: try console.writeOut(report.csv)
        case .text: try console.writeOut(ReportTextRenderer.render(report))
        }
        // One bad line never voids the batch, but the answer says the input was not all usable.
        let tallies = report.tallies
        guard tallies.unusableInputs > 0 else { return .success }
        for sample in tallies.unusableSamples { console.writeError("appreceipt: warning: \(sample)\n") }
        if tallies.unusableInputs > tallies.unusableSamples.count {
            console.writeError(
                "appreceipt: warning: \(tallies.unusableInputs - tallies.unusableSamples.count) more unusable inputs\n")
        }
        return .dataError
    }

    /// Every input of every path, in order, added to one report.
    static func read(_ paths: [String], _ options: ReportOptions, console: any Console) throws(CLIError) -> Report {
        let process = console as? ProcessConsole
        let bufferedInput = process == nil && paths.contains("-") ? try console.readStandardInput() : []
        if paths.contains("-") { process?.noteReadingTerminal("audit output or responses") }
        let fileSystem = PosixAuditFileSystem { () -> any AuditByteSource in
            guard process != nil else { return MemoryByteSource(bufferedInput) }
            return DescriptorByteSource(descriptor: 0, path: "standard input", closesOnRelease: false)
        }
        var builder = ReportBuilder(options: options)
        do throws(ReportInputError) {
            for path in paths {
                var reader = try ReportInputReader(path: path, fileSystem: fileSystem)
                while let input = try reader.next() { builder.add(input) }
            }
        } catch {
            switch error {
            case .unreadable(.unreadable(let path, let reason)): throw .unreadable(path: path, reason: reason)
            case .invalid: throw .failure(error.description, .dataError)
            }
        }
        return builder.finish()
    }
}
