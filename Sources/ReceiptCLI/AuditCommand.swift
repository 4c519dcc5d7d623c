import ReceiptAudit
import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `appreceipt audit`: batches of receipts for fraud reviewers. The work is in ReceiptKit's `Audit/`; this file
/// turns the command line into its inputs and prints what it hands back.
enum AuditCommand: Subcommand {
    static let name = "audit"
    static let abstract = "Audit a batch of receipts: one JSON line per record, in order, with fraud signals and a summary."
    static let usage =
        "[--records FILE ...] [--include PATTERN ...] [--exclude PATTERN ...] [--jobs N] [--only-problems] [--summary FILE] [--format json|text] [--max-record-bytes N] [--at TIME|now] [--trust-anchor FILE ...] [--allow-xcode] [--bundle-id ID ...] [--app-version V] [--device-id UUID|MAC] [--environment Production|Sandbox] [FILE|DIR|-]..."
    static let defaultMaximumRecordBytes = 4 << 20
    /// More threads than this only cost memory: the work is CPU-bound.
    static let maximumJobs = 256
    static let discussion = """
        Records: a FILE holding one receipt (anything verify reads) is one record; a DIR is walked recursively in
        sorted path order, each regular file one record (hidden entries skipped, linked directories not
        followed, --include and --exclude globs applied to the file name, or to the path below DIR when the
        pattern has a /), except that a walked .jsonl or .b64l file is a records file; a records file (.jsonl,
        .b64l, .txt when named, -, or --records FILE) has one record per line: a bare
        base64 receipt, or a JSON object with the receipt under "receipt-data", "receipt_data" or "receipt" and
        optional "id", "user_id", "device_id", "bundle_id" (a record's device_id and bundle_id take precedence
        over --device-id and --bundle-id). Empty lines are skipped. No FILE reads records from standard input.
        Output: JSON Lines on stdout, one line per record in input order: record (1-based), source (path or
        path:line), id, user_id, kind, verdict (as verify's, or malformed with error {message, offset}),
        failed_checks (fail or error), receipt_sha256 (of the DER), payload_sha256 (of the signed payload:
        the content identity), bundle_id, environment, receipt_creation_date (from signed data only),
        transactions (transaction_id, original_transaction_id, product_id, purchase_date, and when present
        expires_date, cancellation_date, in_app_ownership_type and the offer flags is_trial_period,
        is_in_intro_offer_period, is_upgraded), signals, and when present unsigned_claims (what an unsigned
        App Store Server API body says of itself: shown, never used) and warnings (where the input disagrees
        with itself). Ids and bundle ids compare as bytes. Records from a pipe or terminal are written and flushed as soon as they are checked.
        Signals ({id, detail, records}, raised on the later record as soon as it is seen):
          receipt_shared_between_users      the same signed payload under another user_id
          transaction_shared_between_users  a transaction_id or original_transaction_id under another user_id
          bundle_id_not_allowed             the bundle id is not --bundle-id (or the record's bundle_id)
          environment_not_allowed           the environment is not --environment
          device_mismatch                   the device id (the record's or --device-id) fails the device hash
          creation_date_in_future           created after --at, or after the audit started
        Sharing signals need user ids and come only from receipts whose signature and chain held.
        --summary FILE writes the JSON summary; a short summary goes to stderr at the end. A progress line is
        drawn on stderr when it is a terminal and stdout is not. Ctrl-C stops reading and leaves complete lines
        only.
        Audit exit status: 0 every record valid and no signal; 1 otherwise (malformed records included; they
        never stop the batch); 64 usage; 66 an input path missing or unreadable; 74 writing output failed;
        130 interrupted.
        """
    static let options: [OptionSpec] =
        [
            .value(
                "records", "FILE", repeatable: true,
                "Read this file (or - for stdin) as records, one per line, whatever its name."),
            .value(
                "include", "PATTERN", repeatable: true,
                "In a walked DIR, read only files matching this glob (the name, or the path below DIR with a /)."),
            .value("exclude", "PATTERN", repeatable: true, "In a walked DIR, skip files matching this glob (e.g. '*.md')."),
            .value("jobs", "N", "Threads that check records (default: the number of cores; 1 is a single thread)."),
            .flag("only-problems", "Print only records that are not valid or carry a signal (the summary still counts all)."),
            .value("summary", "FILE", "Write the JSON summary to FILE."),
            .value(
                "max-record-bytes", "N",
                "Largest record (a line or a file) in bytes; longer ones are malformed (default 4194304)."),
            CommonOptions.format,
        ]
        + VerificationOptions.specs(
            at: "Check certificates at this time (RFC 3339, the tool's printed forms, or ms) or now; also for creation dates.",
            bundleID: "Allow this bundle id (any of several).",
            deviceID: "Check every record's device hash with this id (a record's device_id wins).")

    static func run(_ arguments: ParsedArguments, console: any Console) throws(CLIError) -> ExitCode {
        let format = try OutputFormat.from(arguments, command: name)
        let policy = try VerificationOptions.policy(from: arguments, command: name)
        let jobs = try arguments.positiveInteger("jobs", command: name) ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        guard jobs <= maximumJobs else { throw .usage("--jobs must be at most \(maximumJobs), not \(jobs)", command: name) }
        let maximumBytes = try arguments.positiveInteger("max-record-bytes", command: name) ?? defaultMaximumRecordBytes
        let summaryPath = arguments.value("summary")
        // Fail before the batch, not after it, when the summary cannot be written.
        if let summaryPath { try FileWriter.write([], to: summaryPath) }

        let process = console as? ProcessConsole
        let reader = try recordReader(arguments, console: console, process: process, maximumBytes: maximumBytes)

        let auditor = RecordAuditor(
            policy: policy, referenceTime: policy.verificationTime ?? TimeAndPeriodOptions.now(),
            referenceTimeName: policy.verificationTime == nil
                ? "the audit's start" : policy.verificationTimeSource.rendered(.commandLine))
        let engine = AuditEngine(auditor: auditor, jobs: jobs)
        if process != nil { InterruptFlag.install() }
        // Drawn on a terminal's stderr only when stdout goes elsewhere, so records and progress never mix.
        let progress = AuditProgress(
            console: console, total: reader.knownRecordCount, enabled: process != nil && isatty(2) == 1 && isatty(1) == 0)
        var reducer = AuditReducer()
        // Every record line is written into this one buffer, then handed to stdout.
        var line = JSONOutput(pretty: false, capacity: 4096)
        let outcome: AuditEngine.Outcome
        do throws(CLIError) {
            outcome = try engine.run(
                reader, reducer: &reducer, shouldStop: { InterruptFlag.isRaised },
                idle: { () throws(CLIError) in try process?.flush() },
                emit: { (record: AuditRecord) throws(CLIError) in
                    progress.update(done: record.number)
                    guard !arguments.has("only-problems") || record.isProblem else { return }
                    guard format == .json else { return try console.writeOut(AuditTextRenderer.line(record)) }
                    line.reset()
                    record.write(to: &line)
                    line.appendRaw(0x0A)
                    try console.writeOut(line)
                })
        } catch {
            progress.finish()
            throw error
        }
        progress.finish()
        let summary = reducer.summary
        if let summaryPath {
            try FileWriter.write(summary.fileBytes(), to: summaryPath)
        }
        console.writeError(closingLines(summary, outcome: outcome, seconds: progress.elapsed, jobs: engine.jobs))
        if outcome.interrupted { return .interrupted }
        if outcome.unreadable > 0 { return .noInput }
        return summary.isClean ? .success : .negative
    }

    /// The records named by `--records`, FILE and DIR arguments (standard input when none), streamed.
    static func recordReader(
        _ arguments: ParsedArguments, console: any Console, process: ProcessConsole?, maximumBytes: Int
    ) throws(CLIError) -> RecordReader {
        var inputs = arguments.all("records").map(AuditInput.records)
        inputs += arguments.positionals.map { $0 == "-" ? AuditInput.records("-") : AuditInput.path($0) }
        if inputs.isEmpty { inputs = [.records("-")] }

        // The real process streams standard input; an in-process console hands over its bytes up front.
        let bufferedInput = process == nil && inputs.contains(.records("-")) ? try console.readStandardInput() : []
        if inputs.contains(.records("-")) { process?.noteReadingTerminal("records, one per line,") }
        let fileSystem = PosixAuditFileSystem { () -> any AuditByteSource in
            guard process != nil else { return MemoryByteSource(bufferedInput) }
            return DescriptorByteSource(descriptor: 0, path: "standard input", closesOnRelease: false)
        }
        do throws(AuditInputError) {
            return try RecordReader(
                inputs: inputs, fileSystem: fileSystem, maximumRecordBytes: maximumBytes,
                filter: WalkFilter(include: arguments.all("include"), exclude: arguments.all("exclude")))
        } catch {
            switch error {
            case .unreadable(let path, let reason): throw .unreadable(path: path, reason: reason)
            }
        }

    }

    /// The short summary on stderr: counts, rate, signals.
    static func closingLines(_ summary: AuditSummary, outcome: AuditEngine.Outcome, seconds: Double, jobs: Int) -> String {
        let rate = seconds > 0 ? Int(Double(summary.records) / seconds) : 0
        let time = String(Double(Int(seconds * 100)) / 100)
        let verdicts = summary.records == 0 ? "nothing to audit" : AuditTextRenderer.counts(summary.verdicts)
        var lines = ["\(summary.records) records in \(time) s (\(rate) records/s, \(jobs) jobs): \(verdicts)"]
        var signals = "signals: " + (summary.signals.isEmpty ? "none" : AuditTextRenderer.counts(summary.signals))
        signals += "; \(summary.problemRecords) records with problems"
        if outcome.unreadable > 0 { signals += "; \(outcome.unreadable) unreadable" }
        lines.append(signals)
        if outcome.interrupted { lines.append("interrupted: the output ends after record \(summary.records)") }
        return lines.map { "appreceipt audit: " + $0.escapingControlCharacters + "\n" }.joined()
    }
}
