import Foundation
import TestSupport
import Testing

/// examples/spark/audit_spark.py in Spark local mode (local[2], four partitions, the binary shipped to the
/// executors), two batches in one Spark session with a cross-batch index. The first batch (the index empty) must
/// give the records of one `audit` over the same file and the summary of `summarize` over the job's own shards,
/// with sharing groups whose records lie in different partitions. The second batch, whose user ids are shifted so
/// that purchases of the first turn up under other users, must raise what one `audit` over both files together
/// raises on its records, the earlier-batch part said as `first_seen {batch, line, user}`. Runs when pyspark and
/// Java are there (`make test` and `make spark-example` install pyspark through scripts/ensure-spark.sh;
/// APPRECEIPT_SPARK_PYTHON=PATH names another interpreter), else skips.
@Suite(.serialized) struct SparkExampleTests {
    /// A Python that imports pyspark, when there is one and Java too: APPRECEIPT_SPARK_PYTHON, else the
    /// environment `scripts/ensure-spark.sh` keeps (make test installs it when Java is present), else python3.
    static let python: String? = {
        guard (try? Subprocess.run(tool: "java", ["-version"]))?.status == 0
        else { return nil }
        let script = Project.root.appendingPathComponent("scripts/ensure-spark.sh")
        let kept = (try? Subprocess.run(script, ["--python"])).flatMap { result in
            result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
        }
        let candidates = [ProcessInfo.processInfo.environment["APPRECEIPT_SPARK_PYTHON"], kept, "python3"]
            .compactMap { $0 }.filter { !$0.isEmpty }
        return candidates.first { candidate in
            let result = try? Subprocess.run(tool: candidate, ["-c", "import pyspark"])
            return result?.status == 0
        }
    }()
    static let spark = Requirement("pyspark or Java absent (scripts/ensure-spark.sh installs pyspark when Java is present)") {
        python != nil
    }

    /// Batches from TestVectors/receipts: users 000-002, then users 002-004 (vector_batch.py --first-user 2).
    @Test(.requires(spark))
    func twoBatchesOfTheProjectsVectors() throws {
        let directory = try TemporaryDirectory()
        let maker = Project.root.appendingPathComponent("examples/spark/vector_batch.py").path
        for (name, options) in [("first.jsonl", ["--reps", "3"]), ("second.jsonl", ["--reps", "3", "--first-user", "2"])] {
            let made = try Subprocess.run(tool: "python3", [maker, directory.path(name)] + options)
            try #require(made.status == 0, "\(made.stderr)")
        }
        let anchor = Project.path(TestPKI.receiptRoot)
        try Self.expectTwoBatches(in: directory, auditOptions: ["--trust-anchor", anchor])
    }

    /// The issue's batch (make_batch.py --reps 13 --malformed 0.1, users 000-012), then make_batch.py --reps 2
    /// with its users 000-001 renamed 012-013: every purchase of the second was sent by other users in the first.
    @Test(.requires(spark), .requires(BatchMaker.present))
    func twoBatchesOfTheIssuesBatch() throws {
        let directory = try TemporaryDirectory()
        for (name, options) in [("one", ["--reps", "13", "--malformed", "0.1"]), ("two", ["--reps", "2"])] {
            try BatchMaker.make(into: directory.path(name), options)
        }
        try FileManager.default.moveItem(atPath: directory.path("one/records.jsonl"), toPath: directory.path("first.jsonl"))
        let second = try String(contentsOfFile: directory.path("two/records.jsonl"), encoding: .utf8)
        try directory.write("second.jsonl", Self.shiftingUsers(of: second, by: 12))
        try Self.expectTwoBatches(in: directory, auditOptions: [])
    }

    /// `"user_id":"user-NNN"` becomes user-(NNN + by) on every line.
    static func shiftingUsers(of text: String, by offset: Int) -> String {
        let marker = "\"user_id\":\"user-"
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let range = line.range(of: marker), let number = Int(line[range.upperBound...].prefix(3)) else {
                return String(line)
            }
            let shifted = String(format: "%03d", number + offset)
            return line.replacingCharacters(in: range.upperBound..<line.index(range.upperBound, offsetBy: 3), with: shifted)
        }.joined(separator: "\n")
    }

    static func expectTwoBatches(in directory: TemporaryDirectory, auditOptions: [String]) throws {
        let (first, second) = (directory.path("first.jsonl"), directory.path("second.jsonl"))
        let spark = try runJob(
            [first, directory.path("spark-1"), second, directory.path("spark-2")], labels: ["monday", "tuesday"],
            index: directory.path("index"), auditOptions: auditOptions)
        try #require(spark.status <= 1, "the Spark job exited \(spark.status): \(spark.stderr.suffix(3000))")
        try expectFirstBatch(first, output: directory.path("spark-1"), in: directory, auditOptions: auditOptions)
        try expectSecondBatch(second, after: first, output: directory.path("spark-2"), in: directory, auditOptions: auditOptions)

        // A label already in the index is refused before Spark starts.
        let again = try runJob(
            [second, directory.path("spark-3")], labels: ["tuesday"], index: directory.path("index"), auditOptions: auditOptions)
        #expect(again.status == 2 && again.stderr.contains("'tuesday' is already in"), "\(again.stderr)")
    }

    static func runJob(_ pairs: [String], labels: [String], index: String, auditOptions: [String]) throws -> BinaryRunner.Result {
        let job = Project.root.appendingPathComponent("examples/spark/audit_spark.py").path
        let options =
            ["--master", "local[2]", "--partitions", "4", "--ship", BinaryRunner.executable.path, "--index", index]
            + labels.flatMap { ["--batch", $0] }
        return try Subprocess.run(tool: try #require(python), [job] + options + pairs + ["--"] + auditOptions)
    }
}

/// The two comparisons: the first batch against one audit and summarize, the second against one audit of both.
extension SparkExampleTests {
    static func expectFirstBatch(_ input: String, output: String, in directory: TemporaryDirectory, auditOptions: [String])
        throws
    {
        let single = try BinaryRunner.run(["audit", "--summary", directory.path("single.json")] + auditOptions + [input])
        try #require(single.status <= 1, "\(single.stderr)")
        let (records, boundaries, paths) = try shards(output)
        expectSame(records, try AuditLines.parse(single.stdout), "first batch")
        let summarized = try BinaryRunner.run(["summarize", "--summary", directory.path("summarized.json")] + paths)
        try #require(summarized.status <= 1, "\(summarized.stderr)")
        let summary = try object(output + "/summary.json")
        #expect(NSDictionary(dictionary: summary).isEqual(to: try object(directory.path("summarized.json"))))
        #expect(NSDictionary(dictionary: summary).isEqual(to: try object(directory.path("single.json"))))

        // The partitions: four, non-empty; and sharing groups whose records lie in different ones.
        #expect(paths.count == 4 && boundaries.first ?? 0 > 0)
        let groups = summary["signal_groups"] as? [[String: Any]] ?? []
        let crossPartition = groups.filter { group in
            let partitions = Set((group["records"] as? [Int] ?? []).map { record in boundaries.firstIndex { record <= $0 } })
            return (group["signal"] as? String)?.hasSuffix("_shared_between_users") == true && partitions.count > 1
        }
        #expect(!crossPartition.isEmpty, "no sharing signal spans two partitions")
        print("spark: first batch \(records.count) records, \(crossPartition.count) cross-partition signal groups")
    }

    static func expectSecondBatch(
        _ input: String, after first: String, output: String, in directory: TemporaryDirectory, auditOptions: [String]
    ) throws {
        let both = try directory.write(
            "both.jsonl", try String(contentsOfFile: first, encoding: .utf8) + String(contentsOfFile: input, encoding: .utf8))
        let combined = try BinaryRunner.run(["audit", "--summary", directory.path("both.json")] + auditOptions + [both])
        try #require(combined.status <= 1, "\(combined.stderr)")
        let all = try AuditLines.parse(combined.stdout)
        let (records, _, paths) = try shards(output)
        let firstCount = all.count - records.count
        let users = Dictionary(
            uniqueKeysWithValues: all.prefix(firstCount).map { ($0["record"] as? Int ?? 0, $0["user_id"] ?? NSNull()) })
        let expected = try all.dropFirst(firstCount).map {
            try parsedAgain(asSecondBatch($0, firstCount: firstCount, source: input, label: "monday", users: users))
        }
        expectSame(records, expected, "second batch")
        let crossBatch = records.filter { record in signals(of: record).contains { $0["first_seen"] != nil } }
        let alone = try AuditLines.parse(try BinaryRunner.run(["audit"] + auditOptions + [input]).stdout)
        let foundOnlyAcross = crossBatch.filter { record in
            signals(of: alone[(record["record"] as? Int ?? 1) - 1]).allSatisfy { !isSharing($0) }
        }
        #expect(!foundOnlyAcross.isEmpty, "no record of the second batch is shared with the first only")

        let summary = try object(output + "/summary.json")
        let summarized = try BinaryRunner.run(["summarize"] + paths)
        let ownCounts = try #require(try JSONSerialization.jsonObject(with: Data(summarized.stdout.utf8)) as? [String: Any])
        for field in ["bundle_ids", "environments", "failed_checks", "kinds", "records", "verdicts"] {
            let (spark, own) = (summary[field] ?? NSNull(), ownCounts[field] ?? NSNull())
            #expect(NSDictionary(dictionary: [field: spark]).isEqual(to: [field: own]), "\(field): \(spark) != \(own)")
        }
        #expect(summary["problem_records"] as? Int == expected.filter(isProblem).count)
        #expect(summary["signals"] as? [String: Int] == signalCounts(expected))
        try expectSharedGroups(summary, against: try object(directory.path("both.json")), firstCount: firstCount)
        print(
            "spark: second batch \(records.count) records, \(crossBatch.count) shared with the first batch, \(foundOnlyAcross.count) only with it"
        )
    }

    /// Every sharing group of the second batch has the users of the same group over both batches, and names
    /// where its key was first seen when that was in the first batch.
    static func expectSharedGroups(_ summary: [String: Any], against both: [String: Any], firstCount: Int) throws {
        let combined = both["signal_groups"] as? [[String: Any]] ?? []
        let shared = (summary["signal_groups"] as? [[String: Any]] ?? []).filter { $0["user_count"] != nil }
        #expect(!shared.isEmpty)
        for group in shared {
            let match = try #require(
                combined.first {
                    $0["signal"] as? String == group["signal"] as? String && $0["key"] as? String == group["key"] as? String
                })
            #expect(
                group["user_count"] as? Int == match["user_count"] as? Int
                    && (group["users"] as? [String]) == (match["users"] as? [String]))
            let firstRecord = (match["records"] as? [Int])?.first ?? 0
            let place = group["first_seen"] as? [String: Any]
            #expect((place?["line"] as? Int) == (firstRecord <= firstCount ? firstRecord : nil), "\(group)")
        }
    }

    /// A record of the run over both files as the second batch's job writes it: numbered within the batch, and
    /// a sharing signal's earlier records of the first batch said as first_seen (the earliest one).
    static func asSecondBatch(
        _ record: [String: Any], firstCount: Int, source: String, label: String, users: [Int: Any]
    ) -> [String: Any] {
        var result = record
        let combinedNumber = record["record"] as? Int ?? 0
        let number = combinedNumber - firstCount
        result["record"] = number
        result["source"] = "\(source):\(number)"
        if var error = record["error"] as? [String: Any], let message = error["message"] as? String,
            message.hasPrefix("line \(combinedNumber)")
        {
            error["message"] = "line \(number)" + message.dropFirst("line \(combinedNumber)".count)
            result["error"] = error
        }
        result["signals"] = signals(of: record).map { signal -> [String: Any] in
            var mapped = signal
            let related = signal["records"] as? [Int] ?? []
            guard isSharing(signal) else {
                mapped["records"] = [number]
                return mapped
            }
            mapped["records"] = related.filter { $0 > firstCount }.map { $0 - firstCount }
            if let earliest = related.first, earliest <= firstCount {
                mapped["first_seen"] = ["batch": label, "line": earliest, "user": users[earliest] ?? NSNull()]
            }
            return mapped
        }
        return result
    }
}

/// Reading and comparing the job's output.
extension SparkExampleTests {
    /// The records of OUTPUT/records/part-*, in order; the last record number of each part; the part paths.
    static func shards(_ output: String) throws -> (records: [[String: Any]], boundaries: [Int], paths: [String]) {
        let names = try FileManager.default.contentsOfDirectory(atPath: output + "/records").filter { $0.hasPrefix("part-") }
        let paths = names.sorted().map { "\(output)/records/\($0)" }
        var records: [[String: Any]] = []
        var boundaries: [Int] = []
        for path in paths {
            records += try AuditLines.parse(try String(contentsOfFile: path, encoding: .utf8))
            boundaries.append(records.count)
        }
        return (records, boundaries, paths)
    }

    /// The object as JSONSerialization reads it back (numbers as NSNumber), so that it compares with parsed output.
    static func parsedAgain(_ object: [String: Any]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONSerialization.data(withJSONObject: object)) as? [String: Any])
    }

    static func object(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// Record by record equal, with the first difference named (not hundreds).
    static func expectSame(_ records: [[String: Any]], _ expected: [[String: Any]], _ what: String) {
        #expect(records.count == expected.count, "\(what): \(records.count) records, expected \(expected.count)")
        let differing = zip(records, expected).filter { !NSDictionary(dictionary: $0).isEqual(to: $1) }
        #expect(
            differing.isEmpty,
            "\(what): \(differing.count) records differ, first: \(differing.first.map { "\($0)\nexpected \($1)" } ?? "")")
    }

    static func signals(of record: [String: Any]) -> [[String: Any]] { record["signals"] as? [[String: Any]] ?? [] }

    static func isSharing(_ signal: [String: Any]) -> Bool {
        (signal["id"] as? String)?.hasSuffix("_shared_between_users") == true
    }

    static func isProblem(_ record: [String: Any]) -> Bool {
        record["verdict"] as? String != "valid" || !signals(of: record).isEmpty
    }

    /// Records carrying each signal.
    static func signalCounts(_ records: [[String: Any]]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for record in records {
            for id in Set(signals(of: record).compactMap { $0["id"] as? String }) { counts[id, default: 0] += 1 }
        }
        return counts
    }
}
