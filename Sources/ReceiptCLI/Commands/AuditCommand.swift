import ArgumentParser
import ReceiptAudit
import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `appreceipt audit`: batches of receipts for fraud reviewers. The work is in the ReceiptAudit target; this file
/// turns the command line into its inputs and prints what it hands back.
struct AuditCommand: ConsoleRunnable {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit a batch of receipts: one JSON line per record, in order, with fraud signals and a summary.",
        discussion: """
            Records: a FILE holding one receipt (anything verify reads) is one record; a DIR is walked recursively in \
            sorted path order, each regular file one record (hidden entries skipped, linked directories not \
            followed, --include and --exclude globs applied to the file name, or to the path below DIR when the \
            pattern has a /), except that a walked .jsonl or .b64l file is a records file; a records file (.jsonl, \
            .b64l, .txt when named, -, or --records FILE) has one record per line: a bare \
            base64 receipt, or a JSON object with the receipt under "receipt-data", "receipt_data" or "receipt" and \
            optional "id", "user_id", "device_id", "bundle_id" (a record's device_id and bundle_id take precedence \
            over --device-id and --bundle-id). Empty lines are skipped. No FILE reads records from standard input.

            Output: JSON Lines on stdout, one line per record in input order: record (1-based), source (path or \
            path:line), id, user_id, kind, verdict (as verify's, or malformed with error {message, offset}), \
            failed_checks (fail or error), receipt_sha256 (of the DER), payload_sha256 (of the signed payload: \
            the content identity), bundle_id, environment, receipt_creation_date (from signed data only), \
            transactions (transaction_id, original_transaction_id, product_id, purchase_date, and when present \
            expires_date, cancellation_date, in_app_ownership_type and the offer flags is_trial_period, \
            is_in_intro_offer_period, is_upgraded), signals, and when present unsigned_claims (what an unsigned \
            App Store Server API body says of itself: shown, never used) and warnings (where the input disagrees \
            with itself). Ids and bundle ids compare as bytes. Records from a pipe or terminal are written and \
            flushed as soon as they are checked.

            SIGNALS ({id, detail, records}, raised on the later record as soon as it is seen):
              receipt_shared_between_users
                  the same signed payload under another user_id
              transaction_shared_between_users
                  a transaction_id or original_transaction_id under another user_id
              bundle_id_not_allowed
                  the bundle id is not --bundle-id (or the record's bundle_id)
              environment_not_allowed
                  the environment is not --environment
              device_mismatch
                  the device id (the record's or --device-id) fails the device hash
              creation_date_in_future
                  created after --at, or after the audit started

            Sharing signals need user ids and come only from receipts whose signature and chain held.

            ACROSS BATCHES: --index FILE keeps the sharing signals' keys in an SQLite file (WAL mode), one row per \
            key, batch and user with where it was first sent (--batch label, line). A record whose key another user \
            sent in an earlier batch carries the signal with first_seen {batch, line, user}, and the summary's group \
            for the key counts every batch's users (user_count, earlier_user_count) and says where the index first \
            holds it (first_seen); with an empty index the output and summary are the same bytes as without one. A \
            --batch label the index holds is refused unless --resume. With --output FILE, record lines and index \
            rows are committed together every --commit-every records (the output synced first); after the run is \
            killed, the same command with --resume cuts the output back to what was committed, skips those records \
            and audits the rest, so every record is in the output and the index exactly once. appreceipt index \
            looks inside the file.

            --summary FILE writes the JSON summary; a short summary goes to stderr at the end. A progress line is \
            drawn on stderr when it is a terminal and stdout is not. Ctrl-C stops reading and leaves complete lines \
            only.

            EXAMPLES:
              appreceipt audit --summary summary.json receipts/ > records.jsonl
              appreceipt audit --only-problems --bundle-id com.example.app --records batch.jsonl
              appreceipt audit --index fraud.sqlite --batch tuesday --output tuesday.out tuesday.jsonl

            EXIT STATUS:
              0   every record valid and no signal
              1   otherwise (malformed records included; they never stop the batch)
              64  usage error (also a --batch label the index holds, without --resume)
              66  an input path, or the --index file, missing or unreadable
              74  writing output (or the index) failed
              130 interrupted (Ctrl-C); the output ends with a complete line
            """)

    static let defaultMaximumRecordBytes = 4 << 20
    /// More threads than this only cost memory: the work is CPU-bound.
    static let maximumJobs = 256

    @Option(
        name: .customLong("records"),
        help: ArgumentHelp(
            "Read this file (or - for stdin) as records, one per line, whatever its name; repeatable.",
            valueName: "file"))
    var recordFiles: [String] = []

    @Option(
        name: .customLong("include"),
        help: ArgumentHelp(
            "In a walked DIR, read only files matching this glob (the name, or the path below DIR with a /); "
                + "repeatable.", valueName: "pattern"))
    var includes: [String] = []

    @Option(
        name: .customLong("exclude"),
        help: ArgumentHelp("In a walked DIR, skip files matching this glob (e.g. '*.md'); repeatable.", valueName: "pattern"))
    var excludes: [String] = []

    @Option(
        help: ArgumentHelp("Threads that check records (default: the number of cores; 1 is a single thread).", valueName: "n"))
    var jobs: String?

    @Flag(
        name: .customLong("only-problems"),
        help: "Print only records that are not valid or carry a signal (the summary still counts all).")
    var onlyProblems = false

    @Option(help: ArgumentHelp("Write the JSON summary to FILE.", valueName: "file"))
    var summary: String?

    @Option(help: "Output format (never switched by whether stdout is a terminal).")
    var format: OutputFormat = .json

    @Option(
        name: .customLong("max-record-bytes"),
        help: ArgumentHelp(
            "Largest record (a line or a file) in bytes; longer ones are malformed (default 4194304).", valueName: "n"))
    var maxRecordBytes: String?

    @Option(
        help: ArgumentHelp(
            "Also compare records with the earlier batches kept in this SQLite file, and add this batch to it "
                + "(a signal against an earlier batch says where: first_seen {batch, line, user}).",
            valueName: "file"))
    var index: String?

    @Option(
        help: ArgumentHelp(
            "With --index, this batch's label (default: the first input's file name and today's date, e.g. "
                + "monday.jsonl@2026-12-01); a label in the index is refused unless --resume.", valueName: "label"))
    var batch: String?

    @Flag(
        help: ArgumentHelp(
            "With --index, go on with a batch the index holds: cut --output back to what was committed, skip "
                + "those records and audit the rest."))
    var resume = false

    @Option(
        help: ArgumentHelp(
            "Write the record lines to FILE instead of stdout; with --index, committed together with the index "
                + "rows, so that a killed run resumes with every record exactly once.", valueName: "file"))
    var output: String?

    @Option(
        name: .customLong("commit-every"),
        help: ArgumentHelp("With --index, commit output and index rows every N records (default 10000).", valueName: "n"))
    var commitEvery: String?

    @OptionGroup var verification: VerificationOptions

    @Argument(
        help: ArgumentHelp(
            "Receipts, directories to walk and records files; none or - reads records from standard input.",
            valueName: "file|dir"))
    var paths: [String] = []

    func validate() throws {
        _ = try validating { () throws(CLIError) in try threads() }
        _ = try validating { () throws(CLIError) in try positiveInteger(maxRecordBytes, option: "--max-record-bytes") }
        _ = try validating { () throws(CLIError) in try indexOptions() }
    }

    /// `--index` and the options that need it, checked; nil without `--index`.
    func indexOptions() throws(CLIError) -> AuditIndexOptions? {
        guard let index else {
            if batch != nil { throw .usage("--batch needs --index") }
            if resume { throw .usage("--resume needs --index") }
            if commitEvery != nil { throw .usage("--commit-every needs --index") }
            return nil
        }
        return AuditIndexOptions(
            path: index,
            batch: batch ?? IndexedAuditRun.defaultBatch(inputs: recordFiles + paths, now: TimeOptions.now()),
            resume: resume,
            commitEvery: try positiveInteger(commitEvery, option: "--commit-every") ?? AuditIndexOptions.defaultCommitEvery)
    }

    /// `--jobs`, or the number of cores.
    func threads() throws(CLIError) -> Int {
        let jobs = try positiveInteger(jobs, option: "--jobs") ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        guard jobs <= Self.maximumJobs else { throw .usage("--jobs must be at most \(Self.maximumJobs), not \(jobs)") }
        return jobs
    }

    func run(console: any Console) throws(CLIError) -> ExitCode {
        let policy = try verification.policy()
        let jobs = try threads()
        let maximumBytes = try positiveInteger(maxRecordBytes, option: "--max-record-bytes") ?? Self.defaultMaximumRecordBytes
        let summaryPath = summary
        // Fail before the batch, not after it, when the summary cannot be written.
        if let summaryPath { try FileWriter.write([], to: summaryPath) }

        let process = console as? ProcessConsole
        var reader = try recordReader(console: console, maximumBytes: maximumBytes)
        let sink = try AuditRecordSink(console: console, outputPath: output, index: try indexOptions())
        let skipped = reader.skip(sink.committedRecords)

        let auditor = RecordAuditor(
            policy: policy, referenceTime: policy.verificationTime ?? TimeOptions.now(),
            referenceTimeName: policy.verificationTime == nil
                ? "the audit's start" : policy.verificationTimeSource.rendered(.commandLine))
        let engine = AuditEngine(auditor: auditor, jobs: jobs)
        if process != nil { InterruptFlag.install() }
        // Drawn on a terminal's stderr only when stdout goes elsewhere, so records and progress never mix.
        let progress = AuditProgress(
            console: console, total: reader.knownRecordCount, enabled: process != nil && isatty(2) == 1 && isatty(1) == 0)
        var reducer = AuditReducer(crossBatch: sink.indexed?.index)
        // Every record line is written into this one buffer, then handed to stdout.
        var line = JSONOutput(pretty: false, capacity: 4096)
        let outcome: AuditEngine.Outcome
        do throws(CLIError) {
            outcome = try engine.run(
                reader, reducer: &reducer, skipped: skipped, shouldStop: { InterruptFlag.isRaised },
                idle: { () throws(CLIError) in try process?.flush() },
                emit: { (record: AuditRecord) throws(CLIError) in
                    progress.update(done: record.number)
                    if !onlyProblems || record.isProblem { try write(record, to: sink, buffer: &line) }
                    try sink.emitted(record.number)
                })
        } catch {
            progress.finish()
            throw error
        }
        progress.finish()
        try sink.finish()
        let summary = reducer.summary
        if let summaryPath {
            try FileWriter.write(summary.fileBytes(), to: summaryPath)
        }
        console.writeError(Self.closingLines(summary, outcome: outcome, seconds: progress.elapsed, jobs: engine.jobs))
        if outcome.interrupted { return .interrupted }
        if outcome.unreadable > 0 { return .noInput }
        return summary.isClean ? .success : .negative
    }

    /// One record's line, in `--format`, through `buffer` (reused for every record).
    func write(_ record: AuditRecord, to sink: AuditRecordSink, buffer: inout JSONOutput) throws(CLIError) {
        guard format == .json else { return try sink.write(AuditTextRenderer.line(record)) }
        buffer.reset()
        record.write(to: &buffer)
        buffer.appendRaw(0x0A)
        try sink.write(buffer)
    }

    /// The records named by `--records`, FILE and DIR arguments (standard input when none), streamed.
    func recordReader(console: any Console, maximumBytes: Int) throws(CLIError) -> RecordReader {
        var inputs = recordFiles.map(AuditInput.records)
        inputs += paths.map { $0 == "-" ? AuditInput.records("-") : AuditInput.path($0) }
        if inputs.isEmpty { inputs = [.records("-")] }

        let fileSystem = try PosixAuditFileSystem.streaming(
            console: console, readsStandardInput: inputs.contains(.records("-")), what: "records, one per line,")
        do throws(AuditInputError) {
            return try RecordReader(
                inputs: inputs, fileSystem: fileSystem, maximumRecordBytes: maximumBytes,
                filter: WalkFilter(include: includes, exclude: excludes))
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
