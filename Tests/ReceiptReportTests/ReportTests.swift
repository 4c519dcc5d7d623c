import ReceiptAudit
import ReceiptTestSupport
import Testing

@testable import ReceiptKit
@testable import ReceiptReport

/// The report's definitions on hand-made transactions and records: time zones, event kinds, merging, what is
/// left out, the reader's detection and errors, and the escaping of input text in CSV and SVG.
@Suite struct ReportTests {
    static func instant(_ text: String) throws -> Timestamp { try ReceiptDateParser.parse(text) }

    static func record(
        _ number: Int, verdict: AuditVerdict = .valid, environment: InputEnvironment? = .production, created: String? = nil,
        _ transactions: [AuditTransaction]
    ) throws -> AuditRecord {
        var record = AuditRecord(number: number, source: "t:\(number)", verdict: verdict)
        record.environment = environment
        record.creationDate = try created.map(instant)
        record.transactions = transactions
        return record
    }

    static func purchase(
        _ id: String, original: String? = nil, product: String = "p", at date: String, expires: String? = nil,
        cancelled: String? = nil
    ) throws -> AuditTransaction {
        AuditTransaction(
            transactionID: id, originalTransactionID: original ?? id, productID: product, purchaseDate: try instant(date),
            expiresDate: try expires.map(instant), cancellationDate: try cancelled.map(instant))
    }

    @Test(arguments: [
        ("UTC", "UTC"), ("utc", "UTC"), ("Etc/GMT", "UTC"), ("America/Los_Angeles", "America/Los_Angeles"),
        ("pacific", "America/Los_Angeles"), ("+05:30", "+05:30"), ("-0800", "-08:00"), ("+09", "+09:00"),
        ("-00:00", "+00:00"),
    ])
    func timeZonesParse(text: String, name: String) throws {
        #expect(try ReportTimeZone(parsing: text).name == name)
    }

    @Test(arguments: ["", "PST", "+24:00", "+05:60", "+5:30", "05:30", "+05:30:00", "Europe/Paris", "+0a:00"])
    func badTimeZonesAreRefused(text: String) {
        #expect(throws: ReportTimeZone.Failure.self) { try ReportTimeZone(parsing: text) }
    }

    /// Day boundaries: Pacific time follows daylight saving (PDT in July, PST in January), an offset is fixed.
    @Test func daysFollowTheZone() throws {
        let july = try Self.instant("2024-07-01T06:59:59Z")
        #expect(ReportTimeZone.utc.day(of: july).description == "2024-07-01")
        #expect(ReportTimeZone.pacific.day(of: july).description == "2024-06-30")
        #expect(ReportTimeZone.pacific.day(of: try Self.instant("2024-07-01T07:00:00Z")).description == "2024-07-01")
        #expect(ReportTimeZone.pacific.day(of: try Self.instant("2024-01-15T07:59:59Z")).description == "2024-01-14")
        #expect(ReportTimeZone.pacific.day(of: try Self.instant("2024-01-15T08:00:00Z")).description == "2024-01-15")
        let india = try ReportTimeZone(parsing: "+05:30")
        #expect(india.day(of: try Self.instant("2024-01-14T18:30:00Z")).description == "2024-01-15")
        #expect(india.day(of: try Self.instant("2024-01-14T18:29:59Z")).description == "2024-01-14")
        #expect(ReportTimeZone.utc.day(of: try Self.instant("1969-12-31T23:59:59Z")).description == "1969-12-31")
    }

    /// Each kind by its definition, on the right day: renewal and restore by expiry, refund on the cancellation
    /// day, an upgrade's cancellation not a refund.
    @Test func eventKindsFollowTheirDefinitions() throws {
        var first = ReportTransaction(environment: "Production", transactionID: "1")
        first.originalTransactionID = "1"
        first.purchaseDate = try Self.instant("2024-05-01T12:00:00Z")
        first.expiresDate = try Self.instant("2024-06-01T12:00:00Z")
        first.isTrialPeriod = true
        #expect(first.events(in: .utc).map(\.kind) == [.firstPurchase, .trial])

        var renewal = first
        renewal.key = .init(environment: "Production", transactionID: "2")
        renewal.isTrialPeriod = false
        renewal.isInIntroOfferPeriod = true
        renewal.cancellationDate = try Self.instant("2024-05-20T01:00:00Z")
        let events = renewal.events(in: .utc)
        #expect(events.map(\.kind) == [.renewal, .introOffer, .refund])
        #expect(events.map(\.day.description) == ["2024-05-01", "2024-05-01", "2024-05-20"])

        var restore = renewal
        restore.expiresDate = nil
        restore.isInIntroOfferPeriod = false
        restore.cancellationDate = nil
        #expect(restore.events(in: .utc).map(\.kind) == [.restore])

        var upgraded = renewal
        upgraded.isInIntroOfferPeriod = false
        upgraded.isUpgraded = true
        #expect(upgraded.events(in: .utc).map(\.kind) == [.renewal, .upgrade])
        #expect(upgraded.events(in: .utc).last?.day.description == "2024-05-20")

        var shared = first
        shared.isFamilyShared = true
        #expect(shared.events(in: .utc).isEmpty)
        var undated = first
        undated.purchaseDate = nil
        #expect(undated.events(in: .utc).isEmpty)
    }

    /// Copies merge to the same facts in any order: earliest dates, flags united.
    @Test func mergingDoesNotDependOnOrder() throws {
        var a = ReportTransaction(environment: "Sandbox", transactionID: "9")
        a.purchaseDate = try Self.instant("2024-05-02T00:00:00Z")
        a.productID = "b"
        var b = ReportTransaction(environment: "Sandbox", transactionID: "9")
        b.purchaseDate = try Self.instant("2024-05-01T00:00:00Z")
        b.cancellationDate = try Self.instant("2024-05-09T00:00:00Z")
        b.isUpgraded = true
        b.productID = "a"
        var ab = a
        ab.merge(b)
        var ba = b
        ba.merge(a)
        #expect(ab == ba)
        #expect(ab.productID == "a" && ab.isUpgraded && ab.purchaseDate == b.purchaseDate)
    }

    /// A transaction repeated by many records counts once; records not valid count in the verdicts only, unless
    /// include-unverified; malformed records never feed purchases.
    @Test func repeatsCountOnceAndInvalidRecordsAreLeftOut() throws {
        let sale = try Self.purchase("100", at: "2024-03-01T10:00:00Z", expires: "2024-04-01T10:00:00Z")
        let renewal = try Self.purchase("101", original: "100", at: "2024-04-01T10:00:00Z", expires: "2024-05-01T10:00:00Z")
        let forged = try Self.purchase("666", at: "2024-03-02T10:00:00Z")
        let records = [
            try Self.record(1, created: "2024-03-01T10:00:05Z", [sale]),
            try Self.record(2, created: "2024-04-01T10:00:05Z", [sale, renewal]),
            try Self.record(3, created: "2024-04-01T10:00:05Z", [sale, renewal]),
            try Self.record(4, verdict: .invalid, created: "2024-03-02T10:00:05Z", [forged]),
            AuditRecord.malformed(number: 5, source: "t:5", AuditRecordError(message: "line 5: junk", offset: nil)),
        ]
        var builder = ReportBuilder(options: ReportOptions())
        for record in records { builder.add(record) }
        let report = builder.finish()
        #expect(report.rows.map { "\($0.key.day) \($0.key.productID ?? "-")" } == ["2024-03-01 p", "2024-04-01 p"])
        #expect(report.totals == [.firstPurchase: 1, .renewal: 1])
        #expect(report.tallies.uniqueTransactions == 2 && report.tallies.transactionCopies == 5)
        #expect(report.tallies.uncountedAuditRecords == [.invalid: 1, .malformed: 1])
        #expect(report.tallies.offerFlagsUnknown == 2)
        #expect(report.rows.map(\.offerFlagsUnknown) == [1, 1])
        #expect(report.auditDays.map(\.records) == [1, 1, 2])
        #expect(report.auditDays[1].verdicts == [.invalid: 1])
        #expect(report.undatedAuditRecords?.verdicts == [.malformed: 1])

        var everything = ReportBuilder(options: ReportOptions(includeUnverified: true))
        for record in records { everything.add(record) }
        #expect(everything.finish().totals == [.firstPurchase: 2, .renewal: 1])
    }

    /// Flags come from responses; a response whose status is not 0 or 21006 is counted only when asked.
    @Test func responsesCarryOfferFlags() throws {
        let body = """
            {"status": 0, "environment": "Sandbox", "receipt": {"in_app": [
              {"transaction_id": "5", "original_transaction_id": "5", "product_id": "m", "purchase_date_ms": "1714564800000",
               "expires_date_ms": "1717243200000", "is_trial_period": "true", "is_in_intro_offer_period": "false"}]},
             "latest_receipt_info": [
              {"transaction_id": "6", "original_transaction_id": "5", "product_id": "m", "purchase_date_ms": "1717243200000",
               "expires_date_ms": "1719835200000", "is_trial_period": "false", "is_in_intro_offer_period": "true",
               "is_upgraded": "true", "cancellation_date_ms": "1718000000000"},
              {"transaction_id": "7", "original_transaction_id": "7", "product_id": "f", "purchase_date_ms": "1717243200000",
               "in_app_ownership_type": "FAMILY_SHARED", "is_trial_period": "false"}]}
            """
        var builder = ReportBuilder(options: ReportOptions())
        builder.add(try VerifyReceiptResponse(json: try JSONParser.parse(body)))
        builder.add(try VerifyReceiptResponse(json: try JSONParser.parse("{\"status\": 21002}")))
        let report = builder.finish()
        #expect(report.totals == [.firstPurchase: 1, .trial: 1, .renewal: 1, .introOffer: 1, .upgrade: 1])
        #expect(report.tallies.familyShared == 1 && report.tallies.offerFlagsUnknown == 0)
        #expect(report.tallies.uncountedResponses == [21002: 1])
        #expect(report.rows.allSatisfy { $0.key.environment == "Sandbox" })
    }

    /// JSON Lines of audit records and responses mixed, a pretty-printed response over several lines, blank
    /// lines; a line that is neither comes back as unusable, naming the file and line.
    @Test func theReaderDetectsEachFileAndLine() throws {
        let files = MemoryFileSystem()
        let record = try Self.record(1, created: "2024-03-01T10:00:05Z", [try Self.purchase("1", at: "2024-03-01T10:00:00Z")])
        files.addFile("mixed.jsonl", record.jsonLine + "\n\n{\"status\": 21007}\n")
        files.addFile("pretty.json", "\n{\n  \"status\": 0,\n  \"receipt\": {\"in_app\": []}\n}\n")
        files.addFile("bad.jsonl", record.jsonLine + "\n{\"hello\": 1}\n")
        files.addFile("broken.json", "{\n  \"status\": 0,\n  \"receipt\": {,}\n}\n")
        files.addFile("summary.json", "{\"format_version\": 1, \"signal_groups\": []}\n")
        files.addFile("cut.jsonl", record.jsonLine + "\n" + String(record.jsonLine.prefix(30)) + "\n")
        #expect(try Self.kinds("mixed.jsonl", files) == ["audit", "response (mixed.jsonl:3)"])
        #expect(try Self.kinds("pretty.json", files) == ["response (pretty.json)"])
        // A line that is neither is counted and named in its place; the lines after it are still read.
        files.addFile("bad-then-good.jsonl", "{\"hello\": 1}\n" + record.jsonLine + "\n")
        #expect(try Self.kinds("bad.jsonl", files) == ["audit", "unusable bad.jsonl:2: \(Self.neither)"])
        #expect(try Self.kinds("bad-then-good.jsonl", files) == ["unusable bad-then-good.jsonl:1: \(Self.neither)", "audit"])
        let broken = try Self.kinds("broken.json", files)
        #expect(broken.count == 1 && broken[0].hasPrefix("unusable broken.json:3: invalid JSON: "))
        #expect(broken[0].hasSuffix("(in the document from line 1)"))
        #expect(try Self.kinds("summary.json", files).first?.contains("summary.json:1: an audit summary") == true)
        let cut = try Self.kinds("cut.jsonl", files)
        #expect(cut.count == 2 && cut[1].hasPrefix("unusable cut.jsonl:2: invalid JSON: "))
        #expect(throws: ReportInputError.unreadable(.unreadable(path: "none", reason: "No such file or directory"))) {
            try Self.kinds("none", files)
        }
    }

    static let neither =
        "neither an audit record (no \"record\" and \"verdict\") nor a verifyReceipt response (no \"status\")"

    static func kinds(_ path: String, _ files: MemoryFileSystem) throws -> [String] {
        var reader = try ReportInputReader(path: path, fileSystem: files)
        var kinds: [String] = []
        while let input = try reader.next() {
            switch input {
            case .auditRecord: kinds.append("audit")
            case .response(_, let source): kinds.append("response (\(source))")
            case .unusable(let source, let message): kinds.append("unusable \(source): \(message)")
            }
        }
        return kinds
    }

    /// A product id is data, never markup or a formula: escaped in the SVG, the CSV and control characters.
    @Test func inputTextIsEscapedInCSVAndSVG() throws {
        let hostile = "=HYPERLINK(\"x\")</text><script>alert(1)</script>\u{1B}[2J\u{202E}"
        let record = try Self.record(
            1, environment: InputEnvironment(rawValue: "Sand\"box"), created: "2024-03-01T10:00:05Z",
            [try Self.purchase("1", product: hostile, at: "2024-03-01T10:00:00Z")])
        var builder = ReportBuilder(options: ReportOptions())
        builder.add(record)
        let report = builder.finish()
        let svg = ReportChart.svg(report)
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("\u{1B}") && !svg.contains("\u{202E}"))
        let csv = report.csv
        #expect(csv.hasPrefix(Report.csvColumns.joined(separator: ",") + "\r\n"))
        let line = try #require(csv.split(separator: "\r\n").dropFirst().first)
        #expect(line.hasPrefix("2024-03-01,\"Sand\"\"box\",\"'=HYPERLINK(\"\"x\"\")</text><script>"))
        #expect(line.contains("\\u001b[2J\\u202e"))
        #expect(line.hasSuffix(",1,0,0,0,0,0,0,1"))
        #expect("a<b&'\"\u{0}\u{FFFE}".escapingXML == "a&lt;b&amp;&apos;&quot;\\u0000\\ufffe")
    }

    /// The chart has both panels, a legend entry per kind and verdict, ticks, and is the same bytes every time.
    @Test func theChartIsCompleteAndDeterministic() throws {
        var builder = ReportBuilder(options: ReportOptions())
        builder.add(try Self.record(1, created: "2024-03-01T10:00:05Z", [try Self.purchase("1", at: "2024-03-01T10:00:00Z")]))
        builder.add(AuditRecord.malformed(number: 2, source: "t:2", AuditRecordError(message: "x", offset: nil)))
        let svg = ReportChart.svg(builder.finish())
        #expect(svg == ReportChart.svg(builder.finish()))
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        for text in ReportEventKind.allCases.map(\.label) + AuditVerdict.allCases.map(\.rawValue) {
            #expect(svg.contains(">\(text): "), "\(text)")
        }
        for text in ["Events per day (UTC)", "Audit verdicts and signals per day (UTC)", "no date", ">events<", ">records<"] {
            #expect(svg.contains(text), "\(text)")
        }
        #expect(!svg.contains("href"))
    }

    @Test func scalesAndDayAxes() throws {
        #expect(ChartScale(maximum: 37).ticks == [0, 10, 20, 30, 40])
        #expect(ChartScale(maximum: 0).ticks == [0, 1])
        #expect(ChartScale(maximum: 5003).ticks == [0, 2000, 4000, 6000])
        let day = ReportDay(daysSinceEpoch: 19_000)
        let short = ChartAxis([day, ReportDay(daysSinceEpoch: 19_003)], maximumSlots: 150)
        #expect(short.slots.count == 4 && !short.hasGaps && short.period == .day)
        let long = ChartAxis([day, ReportDay(daysSinceEpoch: 19_500), ReportDay(daysSinceEpoch: 19_501)], maximumSlots: 150)
        #expect(long.slots.map(\.afterGap) == [false, true, false] && long.hasGaps && long.period == .day)
    }

    /// Periods by the calendar (expected values from `cal` and `date -d`): 1970-01-01 was a Thursday, so its week
    /// starts on Monday 1969-12-29; 2024-03-04 was a Monday.
    @Test func periodsFollowTheCalendar() throws {
        let utc = ReportTimeZone.utc
        let days = try ["1969-12-29", "1970-01-04", "1970-01-05", "2024-03-04", "2024-03-10", "2024-03-11"].map {
            utc.day(of: try Self.instant($0 + "T12:00:00Z"))
        }
        #expect(
            days.map { ChartPeriod.week.label(ChartPeriod.week.index(of: $0)) } == [
                "1969-12-29", "1969-12-29", "1970-01-05", "2024-03-04", "2024-03-04", "2024-03-11",
            ])
        let february = utc.day(of: try Self.instant("2024-02-29T23:59:59Z"))
        #expect(ChartPeriod.month.label(ChartPeriod.month.index(of: february)) == "2024-02")
        #expect(ChartPeriod.month.index(of: days[3]) == ChartPeriod.month.index(of: february) + 1)
        #expect(ChartPeriod.years(1).label(ChartPeriod.years(1).index(of: february)) == "2024")
        #expect(ChartPeriod.years(10).label(ChartPeriod.years(10).index(of: february)) == "2020-2029")
        let before = ReportDay(daysSinceEpoch: -719_529)  // 0000-12-31, then year -1 (1 BC)
        #expect(before.description == "-0001-12-31")
        #expect(ChartPeriod.years(100).label(ChartPeriod.years(100).index(of: before)) == "-0100--0001")
        #expect(ChartPeriod.month.label(ChartPeriod.month.index(of: before)) == "-0001-12")
    }

    /// However far apart, however many days (hand-made ones at the ends of Int64 too), an axis has at most its
    /// maximum of slots, found without trapping.
    @Test(arguments: [2, 7, 150])
    func axesNeverExceedTheirSlots(maximum: Int) {
        let extremes = [Int64.min, -1_000_000_000, -1, 0, 1, 40_000, 3_000_000, Int64.max].map { ReportDay(daysSinceEpoch: $0) }
        let dense = (0..<5_000).map { ReportDay(daysSinceEpoch: Int64($0) * 3) }
        for days in [extremes, dense, extremes + dense] {
            let axis = ChartAxis(days, maximumSlots: maximum)
            #expect(!axis.slots.isEmpty && axis.slots.count <= maximum, "\(axis.period) \(axis.slots.count)")
            #expect(days.allSatisfy { axis.position(of: $0) != nil })
            #expect(axis.slots.map(\.index) == axis.slots.map(\.index).sorted())
        }
    }

    static func many(days: Int, verdict: AuditVerdict = .valid, from first: Int64 = 0, numbered start: Int = 1) -> [AuditRecord] {
        (0..<days).map { offset in
            let seconds = (first + Int64(offset)) * 86_400 + 43_200
            var record = AuditRecord(number: start + offset, source: "t", verdict: verdict)
            record.creationDate = Timestamp(milliseconds: seconds * 1000)
            record.environment = .production
            record.transactions = [
                AuditTransaction(
                    transactionID: "\(start + offset)", originalTransactionID: "\(start + offset)", productID: "p",
                    purchaseDate: Timestamp(milliseconds: seconds * 1000))
            ]
            return record
        }
    }

    /// The issue's unbounded chart: one bar per distinct day made an SVG of 1.2 million pixels and 48 MB from
    /// 200,000 days. Past 150 bars the days are grouped into longer periods, and the chart says so.
    @Test func manyDistinctDaysAreGroupedAndTheChartStaysSmall() throws {
        var builder = ReportBuilder(options: ReportOptions())
        for record in Self.many(days: 100_000, from: -200_000) { builder.add(record) }
        let report = builder.finish()
        #expect(report.rows.count == 100_000 && report.auditDays.count == 100_000, "the data keeps every day")
        let svg = ReportChart.svg(report)
        let size = try #require(Self.size(of: svg))
        #expect(size.width <= 1320 && size.height <= 1000, "\(size)")
        #expect(svg.utf8.count < 100_000, "\(svg.utf8.count) bytes")
        for text in [
            "Events per 10 years (UTC)", "Audit verdicts and signals per 10 years (UTC)",
            "Grouped by 10 years: 100000 days with events", "Grouped by 10 years: 100000 days with records",
            ">1420-1429<", "purchase or cancellation date, in 10-year periods (UTC)",
        ] {
            #expect(svg.contains(text), "\(text)")
        }
        // 200 days a week apart: weeks, with every week's events in its bar.
        var weekly = ReportBuilder(options: ReportOptions())
        for record in Self.many(days: 200, from: 19_000) { weekly.add(record) }
        let weeks = ReportChart.svg(weekly.finish())
        #expect(
            weeks.contains("Events per week (UTC)") && weeks.contains("purchase or cancellation week, Monday to Sunday (UTC)"))
        #expect(weeks.contains("<title>week of 2022-01-10: 7 first purchases</title>"))
    }

    /// Records that are not valid carry creation dates nobody verified: however many days they claim, they
    /// neither widen the chart nor group the valid records' days; they are counted in an earlier and a later bar.
    @Test func forgedCreationDatesDoNotStretchTheAuditAxis() throws {
        var builder = ReportBuilder(options: ReportOptions())
        for record in Self.many(days: 30, from: 19_723) { builder.add(record) }  // 2024-01-01 to 2024-01-30
        for record in Self.many(days: 5_000, verdict: .invalid, from: 10_000, numbered: 100) { builder.add(record) }
        for record in Self.many(days: 3, verdict: .invalid, from: 19_730, numbered: 9_000) { builder.add(record) }
        for record in Self.many(days: 700, verdict: .invalid, from: 30_000, numbered: 10_000) { builder.add(record) }
        let report = builder.finish()
        let svg = ReportChart.svg(report)
        let size = try #require(Self.size(of: svg))
        #expect(size.width <= 1320 && size.height <= 1000, "\(size)")
        for text in [
            "Events per day (UTC)", "Audit verdicts and signals per day (UTC)", ">earlier<", ">later<",
            "<title>before 2024-01-01: 5000 invalid records</title>", "<title>after 2024-01-30: 700 invalid records</title>",
            "<title>2024-01-08: 1 invalid records</title>",
            "Earlier, later: 5700 records that are not valid, dated before or after every valid record (2024-01-01 to 2024-01-30)",
        ] {
            #expect(svg.contains(text), "\(text)")
        }
        #expect(!svg.contains("Grouped by"))
        let placed = AuditChartDays(report, maximumSlots: StackedBarPanel.maximumSlots - 3)
        #expect(placed.axis.period == .day && placed.axis.slots.count == 30 && placed.outside == 5_700)
    }

    /// An SVG has no text wrapping: the empty panel's message ran past both axes; it now stays inside the plot
    /// area (broken into lines when it must), and so do notes longer than the chart is wide.
    @Test func emptyPanelMessagesAndNotesFitTheChart() throws {
        let report = ReportBuilder(options: ReportOptions()).finish()
        let svg = ReportChart.svg(report)
        let size = try #require(Self.size(of: svg))
        let message = "no audit records in the input (verdicts and signals come from appreceipt audit output)"
        let words = Set(message.split(separator: " "))
        let lines = Self.texts(in: svg).filter { text in text.words.count > 1 && text.words.allSatisfy(words.contains) }
        #expect(lines.map { $0.words.joined(separator: " ") }.joined(separator: " ") == message)
        // The y axis is at x = 80 and the x axis ends at the legend, 30 pixels before it.
        let axisEnd = try #require(Self.texts(in: svg).first { $0.words.first == "valid:" }).x - 30
        for line in lines {
            let half = TextLayout.width(line.words.joined(separator: " "), size: 13) / 2
            #expect(line.x - half >= StackedBarPanel.left + 10 && line.x + half <= axisEnd - 10, "\(line)")
        }
        for note in ReportChart.eventPanel(report).noteLines {
            #expect(StackedBarPanel.left + TextLayout.width(note, size: 12) <= Double(size.width), "\(note)")
        }
        #expect(TextLayout.lines("a " + String(repeating: "x", count: 300), width: 100, size: 12).count > 3)
        #expect(TextLayout.lines("", width: 100, size: 12).isEmpty)
    }

    /// The SVG's text elements: their x and their words.
    static func texts(in svg: String) -> [(x: Double, words: [Substring])] {
        let lines: [Substring] = svg.split(separator: "\n")
        return lines.compactMap { line -> (x: Double, words: [Substring])? in
            guard line.hasPrefix("<text x=\""), let close = line.firstRange(of: "\" y=") else { return nil }
            let x = Double(line[line.index(line.startIndex, offsetBy: 9)..<close.lowerBound])
            guard let x, let start = line.firstIndex(of: ">"), line.hasSuffix("</text>") else { return nil }
            return (x, line[line.index(after: start)...].dropLast(7).split(separator: " "))
        }
    }

    /// Every note the chart can have, at once, with many response statuses: the chart still fits the
    /// screenshot window of docs/reports.md, and no note is cut.
    @Test func theFullestChartFitsTheScreenshotWindow() throws {
        var builder = ReportBuilder(options: ReportOptions())
        for record in Self.many(days: 400, from: 19_000) { builder.add(record) }
        for record in Self.many(days: 200, from: 0, numbered: 5_000) { builder.add(record) }
        for verdict in [AuditVerdict.invalid, .untrusted, .unverifiableHere] {
            for record in Self.many(days: 300, verdict: verdict, from: 80_000, numbered: 1_000) { builder.add(record) }
        }
        builder.add(AuditRecord.malformed(number: 9, source: "t:9", AuditRecordError(message: "x", offset: nil)))
        for status in 21_000..<21_050 {
            builder.add(try VerifyReceiptResponse(json: try JSONParser.parse("{\"status\": \(status)}")))
        }
        let report = builder.finish()
        let svg = ReportChart.svg(report)
        let size = try #require(Self.size(of: svg))
        #expect(size.width <= 1320 && size.height <= 1000, "\(size)")
        #expect(!svg.contains("…"), "a note was cut")
        let uncounted = try #require(ReportChart.uncountedNote(report))
        #expect(!uncounted.contains("status 21049") && uncounted.contains("1 with status 21002 responses and 46 with 46 other"))
        #expect(svg.contains(">earlier<") == false && svg.contains(">later<") && svg.contains(">no date<"))
    }

    /// The chart's width and height, from the root's viewBox (`0 0 W H`; the writer gives width and height the
    /// same numbers).
    static func size(of svg: String) -> (width: Int, height: Int)? {
        let box = svg.split(separator: "viewBox=\"").dropFirst().first?.prefix { $0 != "\"" } ?? ""
        let numbers = box.split(separator: " ").compactMap { Int($0) }
        return numbers.count == 4 ? (numbers[2], numbers[3]) : nil
    }
}
