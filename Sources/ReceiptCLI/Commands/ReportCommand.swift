import ArgumentParser
import ReceiptAudit
import ReceiptKit
import ReceiptReport

/// `appreceipt report`: sales and trends from audit output and verifyReceipt responses. The counting is
/// the ReceiptReport target's; this file reads the command line and the files and writes what it hands back.
struct ReportCommand: ConsoleRunnable {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Count purchases, renewals, trials, refunds ... per product and day from audit output or responses.",
        discussion: """
            Reads audit output (JSON Lines from appreceipt audit) and verifyReceipt responses (a saved response, \
            or one per line), detected per file and line, and counts per day, environment and product the events \
            of unique transactions: a transaction_id (in one environment) counts once however many receipts \
            repeat it.

            EVENTS (and the day each is counted on):
              first_purchases
                  transaction_id equals original_transaction_id (or there is none);
                  purchase day
              renewals
                  transaction_id differs and there is an expires_date
                  (auto-renewable); purchase day
              restores
                  transaction_id differs and there is no expires_date; purchase day
              trials
                  is_trial_period true; purchase day
              intro_offers
                  is_in_intro_offer_period true; purchase day
              refunds
                  cancellation_date present and not an upgrade
                  (refunds/cancellations); that day
              upgrades
                  is_upgraded true; cancellation day, else purchase day

            Family-shared transactions (in_app_ownership_type FAMILY_SHARED) are not counted. Audit output \
            carries the receipt's offer flags (app receipts have no upgrade flag: upgrades come from responses and \
            StoreKit 2); offer_flags_unknown says how many purchases had none. Only valid audit records and \
            responses with status 0 or 21006 are counted unless --include-unverified; every audit record, valid \
            or not, counts in the verdicts and signals per day (by the receipt's creation date).

            Output: JSON (default), CSV (the rows) or text, in day, environment, product order. --svg writes a \
            chart: events stacked per day, and audit verdicts per day with a line per signal; when more than 150 \
            days have data it groups them into weeks, months, years or longer (the chart says so), and records \
            that are not valid dated outside the valid records' days are one "earlier" and one "later" bar. The \
            JSON, CSV and text output keep every day.

            EXAMPLES:
              appreceipt audit receipts/ | appreceipt report --format text
              appreceipt report --svg chart.svg --tz America/Los_Angeles records.jsonl

            EXIT STATUS:
              0   the report was written, whatever the verdicts (audit and summarize
                  judge them), or the reader of the output closed the pipe
              64  usage error
              65  some lines or files are not audit output or a verifyReceipt
                  response: the report over the rest is still written, counts them
                  (inputs.unusable) and names each on stderr with path:line
              66  an input missing or unreadable
              74  writing the output or the chart failed (the chart's file is tried
                  before reading)
            """)

    /// The report's three output forms.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case csv, json, text
    }

    @Option(help: "Output format.")
    var format: Format = .json

    @Flag(help: "Print JSON on one line (JSON only).")
    var compact = false

    @Option(
        help: ArgumentHelp(
            "Also write an SVG chart (events per day; audit verdicts and signals per day) to FILE.", valueName: "file"))
    var svg: String?

    // Unconditional: `--tz -08:00` is an offset, not an option.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Count days in UTC (default), America/Los_Angeles (Apple's _pst rules) or an offset like +05:30.",
            valueName: "zone"))
    var tz: String?

    @Flag(
        name: .customLong("include-unverified"),
        help: "Also count purchases of records that are not valid (all but malformed) and of other responses.")
    var includeUnverified = false

    @Argument(help: ArgumentHelp("Audit output or verifyReceipt responses; none or - reads standard input.", valueName: "file"))
    var files: [String] = []

    func validate() throws {
        if format != .json, compact {
            throw ValidationError(OutputOptions.onlyForJSON("--compact", format: format.rawValue))
        }
        _ = try validating { () throws(CLIError) in try timeZone() }
    }

    func timeZone() throws(CLIError) -> ReportTimeZone? {
        guard let tz else { return nil }
        do throws(ReportTimeZone.Failure) {
            return try ReportTimeZone(parsing: tz)
        } catch {
            throw .usage("--tz: \(error.description)")
        }
    }

    func run(console: any Console) throws(CLIError) -> ExitCode {
        var options = ReportOptions(includeUnverified: includeUnverified)
        if let zone = try timeZone() { options.timeZone = zone }
        // Fail before reading, not after, when the chart cannot be written.
        if let svg { try FileWriter.write([], to: svg) }
        let report = try Self.read(files.isEmpty ? ["-"] : files, options, console: console)
        if let svg { try FileWriter.write(Array(ReportChart.svg(report).utf8), to: svg) }
        switch format {
        case .json: try console.writeJSON(compact: compact) { report.write(to: &$0) }
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
        let fileSystem = try PosixAuditFileSystem.streaming(
            console: console, readsStandardInput: paths.contains("-"), what: "audit output or responses")
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
