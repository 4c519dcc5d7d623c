import Foundation
import ReceiptCLI
import TestSupport
import Testing

/// `report` end to end: its counts against an independent count (on the real corpus batch of the issue's
/// done-when, and on the project's own vectors so something runs without ../shared), formats, order
/// independence, and its errors and exit codes.
@Suite struct ReportCLITests {
    static let anchor = Project.path(TestPKI.receiptRoot)

    /// verifyReceipt responses among the project's vectors (trials, intro offers, refunds, upgrades, iOS 6).
    static func responseVectors() throws -> [String] {
        let root = Project.root.appendingPathComponent("TestVectors/responses")
        let names = try FileManager.default.subpathsOfDirectory(atPath: root.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix("expected.json") }.sorted()
        try #require(names.count >= 10, "TestVectors/responses lost its responses")
        return names.map { root.appendingPathComponent($0).path }
    }

    /// Audit output of the project's receipts and attack vectors (valid, untrusted, invalid, unverifiable).
    static func vectorAudit(in directory: TemporaryDirectory) throws -> String {
        let audit = try BinaryRunner.run(["audit", "--trust-anchor", anchor, "TestVectors/receipts", "TestVectors/attacks"])
        try #require(audit.status == 1, "\(audit.stderr)")
        return try directory.write("audit.jsonl", audit.stdout)
    }

    @Test func vectorsAgreeWithAnIndependentCount() throws {
        let directory = try TemporaryDirectory()
        let files = [try Self.vectorAudit(in: directory)] + (try Self.responseVectors())
        let counts = try ReportOracle.expectAgreement(files)
        let totals = counts.rows.values.reduce(into: [String: Int]()) { sums, row in sums.merge(row, uniquingKeysWith: +) }
        for kind in ["first_purchases", "renewals", "trials", "refunds", "upgrades"] {
            #expect(totals[kind, default: 0] > 0, "the vectors should exercise \(kind)")
        }
        #expect(counts.auditDays.values.contains { ($0["verdicts"] as? [String: Int])?["invalid"] != nil })
    }

    /// The done-when: `make_batch.py DIR --reps 13`, audit, report; the counts equal an independent count.
    @Test(.requires(BatchMaker.present))
    func theDoneWhenBatchAgreesWithAnIndependentCount() throws {
        let directory = try TemporaryDirectory()
        try Self.makeBatch(directory, malformed: nil)
        let audit = try BinaryRunner.run(["audit", "--jobs", "2", directory.path("records.jsonl")])
        try #require(audit.status == 1, "\(audit.stderr)")
        let auditPath = try directory.write("audit.jsonl", audit.stdout)
        let counts = try ReportOracle.expectAgreement([auditPath])
        // 39 receipts under 13 users: every transaction is read at least 13 times and counted once.
        #expect(counts.copies % 13 == 0 && counts.unique <= counts.copies / 13)
        #expect(counts.unique > 100 && counts.rows.count > 50)
        print("report: make_batch --reps 13: \(counts.unique) unique transactions of \(counts.copies), \(counts.rows.count) rows")
    }

    /// `make_batch.py DIR --reps 13 [--malformed F]` into `directory`.
    static func makeBatch(_ directory: TemporaryDirectory, malformed: String?) throws {
        try BatchMaker.make(into: directory.url.path, ["--reps", "13"] + (malformed.map { ["--malformed", $0] } ?? []))
    }

    /// The same inputs in another order give the same bytes, in every format.
    @Test func outputDoesNotDependOnInputOrder() throws {
        let directory = try TemporaryDirectory()
        let files = [try Self.vectorAudit(in: directory)] + (try Self.responseVectors())
        for format in ["json", "csv", "text"] {
            let forward = try BinaryRunner.run(["report", "--format", format] + files)
            let backward = try BinaryRunner.run(["report", "--format", format] + files.reversed())
            #expect(forward.status == 0 && !forward.stdout.isEmpty)
            #expect(forward.stdout == backward.stdout, "\(format)")
        }
    }

    func run(_ arguments: [String], stdin: String = "") -> (status: Int32, out: String, err: String) {
        let console = BufferConsole(stdin: Array(stdin.utf8))
        let status = CLI.run(arguments, console: console)
        return (status, console.out, console.err)
    }

    @Test func formatsAndStandardInput() throws {
        let response = try String(
            contentsOf: Project.root.appendingPathComponent("TestVectors/responses/subscriptions/refund.json"),
            encoding: .utf8)
        let csv = run(["report", "--format", "csv", "-"], stdin: response)
        #expect(csv.status == 0, "\(csv.err)")
        let lines = csv.out.components(separatedBy: "\r\n")
        #expect(
            lines.first == "date,environment,product_id,first_purchases,renewals,restores,trials,intro_offers,refunds,"
                + "upgrades,offer_flags_unknown")
        #expect(lines.contains { $0.hasSuffix(",0,0,0,0,0,1,0,0") }, "a refund row: \(lines)")
        let text = run(["report", "--format", "text", "--tz", "-08:00"], stdin: response)
        #expect(text.status == 0)
        #expect(text.out.hasPrefix("time zone     -08:00; valid records only\n"))
        #expect(text.out.contains("no audit records"))
        let compact = run(["report", "--compact"], stdin: response)
        #expect(compact.out.split(separator: "\n").count == 1)
        #expect(compact.out.contains("\"time_zone\":\"UTC\""))
    }

    @Test(arguments: [
        (
            ["report", "--format", "xml"],
            "The value 'xml' is invalid for '--format <format>'. Please provide one of 'csv', 'json' or 'text'."
        ),
        (["report", "--format", "csv", "--compact"], "--compact shapes JSON output; it cannot be used with --format csv"),
        (["report", "--tz", "Mars/Olympus"], "--tz: a time zone is UTC, America/Los_Angeles"),
        (["report", "--tz", "+25:00"], "not '+25:00'"),
        (["report", "--svg"], "Missing value for '--svg <file>'"),
    ])
    func usageErrorsExit64(arguments: [String], message: String) {
        let result = run(arguments)
        #expect(result.status == 64)
        #expect(result.err.contains(message), "\(result.err)")
        #expect(result.out.isEmpty)
    }

    @Test func badInputsAreCountedAndNamedAndTheRestIsReported() throws {
        let directory = try TemporaryDirectory()
        let bad = try directory.write(
            "bad.jsonl", "{\"status\": 0}\n\n{\"record\": 2, \"verdict\": \"fine\", \"source\": \"x\"}\n")
        // The bad line is counted and named; the report over the rest is still written (issue 19, item 2).
        let result = run(["report", "--compact", bad])
        #expect(result.status == 65)
        #expect(result.err.contains("\(bad):3: not an audit record: unknown verdict 'fine'"), "\(result.err)")
        let document = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        let inputs = document?["inputs"] as? [String: Any]
        #expect((inputs?["responses"] as? [String: Any])?["read"] as? Int == 1)
        #expect((inputs?["unusable"] as? [String: Any])?["count"] as? Int == 1)
        let missing = run(["report", directory.path("none.jsonl")])
        #expect(missing.status == 66)
        #expect(missing.err.contains("cannot read \(directory.path("none.jsonl"))"))
        let unwritable = run(["report", "--svg", "/nonexistent/dir/chart.svg", bad])
        #expect(unwritable.status == 74)
        #expect(unwritable.err.contains("cannot write /nonexistent/dir/chart.svg"))
    }

    @Test func helpDocumentsTheDefinitions() {
        let result = run(["report", "--help"])
        #expect(result.status == 0)
        for word in [
            "first_purchases", "renewals", "restores", "trials", "intro_offers", "refunds", "upgrades", "FAMILY_SHARED",
            "--include-unverified", "--svg", "--tz", "America/Los_Angeles", "21006", "65",
        ] {
            #expect(result.out.contains(word), "\(word)")
        }
        #expect(run(["--help"]).out.contains("report"))
    }

    /// `report --help` listed the whole tool's exit statuses, 1, 69, 70 and 130 among them, which report never
    /// returns. Its EXIT STATUS section now lists its own, and each is the status of a real run here; docs/reports.md
    /// and the man page name the same.
    @Test func helpListsTheExitStatusesReportReturns() throws {
        let help = run(["report", "--help"]).out
        let section = try #require(help.components(separatedBy: "EXIT STATUS:\n").last)
        let listed = Set(section.split(separator: "\n").compactMap { Int($0.split(separator: " ").first ?? "") })
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.jsonl", "{\"status\": 21007}\n")
        let bad = try directory.write("bad.jsonl", "{\"hello\": 1}\n")
        let returned = Set(
            [
                run(["report", good]).status, run(["report", "--format", "xml", good]).status, run(["report", bad]).status,
                run(["report", directory.path("none.jsonl")]).status,
                run(["report", "--svg", directory.path("no/such/dir/chart.svg"), good]).status,
            ].map(Int.init))
        #expect(listed == [0, 64, 65, 66, 74], "\(section)")
        #expect(listed == returned)
        let docs = try String(contentsOf: Self.reportsDocument, encoding: .utf8)
        let docsStatus = try #require(docs.components(separatedBy: "## Exit status\n\n0 when the report").dropFirst().first)
        #expect(Set([64, 65, 66, 74].filter { docsStatus.prefix(400).contains("; \($0) ") }) == [64, 65, 66, 74])
        // The man page is generated from the same help (scripts/man-pages.sh): its EXIT STATUS lists the same.
        let man = try String(
            contentsOf: Project.root.appendingPathComponent("man/appreceipt-report.1"), encoding: .utf8)
        let manStatus = try #require(
            man.components(separatedBy: ".Sh \"EXIT STATUS\"\n").last?.components(separatedBy: ".El").first)
        let manListed = Set(manStatus.split(separator: "\n").compactMap { $0.hasPrefix(".It ") ? Int($0.dropFirst(4)) : nil })
        #expect(manListed == listed, "\(manStatus)")
    }

    /// Every row repeats its environment, and one input's environment is on all its transactions: a 100 kB
    /// forged environment on 1,000 transactions made 100 MB of JSON, CSV and text from a 200 kB response. It is
    /// cut to 64 bytes; the rows stay one per day.
    @Test func aLongEnvironmentDoesNotMultiplyTheOutput() throws {
        let items = (0..<1_000).map { index in
            "{\"transaction_id\": \"\(index)\", \"original_transaction_id\": \"\(index)\", \"product_id\": \"p\", "
                + "\"purchase_date_ms\": \"\(1_700_000_000_000 + Int64(index) * 86_400_000)\"}"
        }
        let environment = String(repeating: "E", count: 100_000)
        let response =
            "{\"status\": 0, \"environment\": \"\(environment)\", \"receipt\": {\"in_app\": [\(items.joined(separator: ","))]}}"
        for format in ["json", "csv", "text"] {
            let result = run(["report", "--format", format, "-"], stdin: response)
            #expect(result.status == 0, "\(result.err)")
            #expect(result.out.utf8.count < 1_000_000, "\(format): \(result.out.utf8.count) bytes")
            #expect(result.out.contains("2023-11-14") && result.out.contains("2026-08-09"), "\(format): every day")
        }
        let csv = run(["report", "--format", "csv", "-"], stdin: response).out
        #expect(csv.contains("," + String(repeating: "E", count: 64) + "…,p,1,"))
    }

    /// docs/reports.md's screenshot command names a window; every chart fits it: a normal batch, an empty one, and
    /// 20,000 distinct days (before: 120,410 pixels wide, about 10 MB; ReportTests has 100,000 days in-process).
    @Test func everyChartFitsTheDocumentedScreenshotWindow() throws {
        let window = try Self.screenshotWindow()
        let directory = try TemporaryDirectory()
        let days = (0..<20_000).map { day in
            "{\"record\": \(day + 1), \"verdict\": \"valid\", \"source\": \"s\", \"environment\": \"Production\", "
                + "\"signals\": [], \"failed_checks\": [], \"receipt_creation_date\": \"\(Self.date(day))T12:00:00Z\", \"transactions\": [{\"transaction_id\": "
                + "\"\(day)\", \"purchase_date\": \"\(Self.date(day))T12:00:00Z\"}]}\n"
        }
        let inputs = [
            [try Self.vectorAudit(in: directory)] + (try Self.responseVectors()), [try directory.write("empty.jsonl", "")],
            [try directory.write("days.jsonl", days.joined())],
        ]
        for (number, files) in inputs.enumerated() {
            let svgPath = directory.path("chart\(number).svg")
            let result = try BinaryRunner.run(["report", "--svg", svgPath] + files)
            try #require(result.status == 0, "\(result.stderr)")
            let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
            let size = try #require(ReportScreenshotTests.size(of: svg))
            #expect(size.width <= window.width && size.height <= window.height, "chart \(number): \(size), window \(window)")
            #expect(svg.utf8.count < 200_000, "chart \(number): \(svg.utf8.count) bytes")
        }
    }

    /// The user documentation of `report`, which holds its screenshot command and its exit statuses.
    static let reportsDocument = Project.root.appendingPathComponent("docs/reports.md")

    /// `--window-size=W,H` in the screenshot command of docs/reports.md's chart section.
    static func screenshotWindow() throws -> (width: Int, height: Int) {
        let docs = try String(contentsOf: reportsDocument, encoding: .utf8)
        let section = try #require(docs.components(separatedBy: "## Chart\n").dropFirst().first)
        let size = try #require(section.components(separatedBy: "--window-size=").dropFirst().first?.prefix { $0 != " " })
        let numbers = size.split(separator: ",").compactMap { Int($0) }
        try #require(numbers.count == 2, "docs/reports.md: --window-size=\(size)")
        return (numbers[0], numbers[1])
    }

    /// Day `offset` after 1600-01-01, `YYYY-MM-DD` (Foundation's calendar, Gregorian since 1582).
    static func date(_ offset: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date(timeIntervalSince1970: Double(offset - 135_140) * 86_400 + 43_200))
    }
}
