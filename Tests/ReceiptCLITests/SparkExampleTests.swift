import Foundation
import Testing

/// examples/spark/audit_spark.py in Spark local mode (local[2], four partitions, the binary shipped to the
/// executors) against one `audit --summary` over the same records: the summaries must be the same bytes, with
/// purchases replayed across shards found. Runs when pyspark and Java are there (`make test` and `make spark-example`
/// install pyspark through scripts/ensure-spark.sh; APPRECEIPT_SPARK_PYTHON=PATH names another interpreter), else skips.
@Suite(.serialized) struct SparkExampleTests {
    /// A Python that imports pyspark, when there is one and Java too: APPRECEIPT_SPARK_PYTHON, else the
    /// environment `scripts/ensure-spark.sh` keeps (make test installs it when Java is present), else python3.
    static let python: String? = {
        guard (try? BinaryRunner.run(["-version"], program: URL(fileURLWithPath: "/usr/bin/env"), prefix: ["java"]))?.status == 0
        else { return nil }
        let script = BinaryRunner.projectRoot.appendingPathComponent("scripts/ensure-spark.sh")
        let kept = (try? BinaryRunner.run(["--python"], program: script)).flatMap { result in
            result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
        }
        let candidates = [ProcessInfo.processInfo.environment["APPRECEIPT_SPARK_PYTHON"], kept, "python3"]
            .compactMap { $0 }.filter { !$0.isEmpty }
        return candidates.first { candidate in
            let result = try? BinaryRunner.run(
                ["-c", "import pyspark"], program: URL(fileURLWithPath: "/usr/bin/env"), prefix: [candidate])
            return result?.status == 0
        }
    }()
    static let skipReason: Comment = "pyspark or Java absent (scripts/ensure-spark.sh installs pyspark when Java is present)"

    @Test(.enabled(if: python != nil, skipReason))
    func sparkAgreesWithOneAuditOnTheProjectsVectors() throws {
        let directory = try TemporaryDirectory()
        let records = directory.path("records.jsonl")
        let maker = BinaryRunner.projectRoot.appendingPathComponent("examples/spark/vector_batch.py").path
        let made = try BinaryRunner.run(
            [records, "--reps", "6"], program: URL(fileURLWithPath: "/usr/bin/env"), prefix: ["python3", maker])
        try #require(made.status == 0, "\(made.stderr)")
        let anchor = BinaryRunner.projectRoot.appendingPathComponent("TestVectors/pki/root.pem").path
        try Self.expectAgreement(records, in: directory, auditOptions: ["--trust-anchor", anchor])
    }

    @Test(.enabled(if: python != nil && AuditBatchTests.sharedAvailable, "\(skipReason), or ../shared absent"))
    func sparkAgreesWithOneAuditOnTheIssuesBatch() throws {
        let directory = try TemporaryDirectory()
        try ReportCLITests.makeBatch(directory, malformed: "0.1")
        try Self.expectAgreement(directory.path("records.jsonl"), in: directory, auditOptions: [])
    }

    static func expectAgreement(_ records: String, in directory: TemporaryDirectory, auditOptions: [String]) throws {
        let job = BinaryRunner.projectRoot.appendingPathComponent("examples/spark/audit_spark.py").path
        let output = directory.path("spark")
        let spark = try BinaryRunner.run(
            ["--master", "local[2]", "--partitions", "4", "--ship", BinaryRunner.executable.path, records, output, "--"]
                + auditOptions, program: URL(fileURLWithPath: "/usr/bin/env"), prefix: [try #require(python), job])
        try #require(spark.status <= 1, "the Spark job exited \(spark.status): \(spark.stderr.suffix(3000))")
        let single = try BinaryRunner.run(["audit", "--summary", directory.path("single.json")] + auditOptions + [records])
        #expect(single.status == spark.status)
        let merged = try String(contentsOfFile: output + "/summary.json", encoding: .utf8)
        let expected = try String(contentsOfFile: directory.path("single.json"), encoding: .utf8)
        #expect(merged == expected)

        // The shards: several, non-empty, the records in order; and a sharing group spanning two of them.
        let shards = try FileManager.default.contentsOfDirectory(atPath: output + "/records").filter { $0.hasPrefix("part-") }
            .sorted()
        var boundaries: [Int] = []
        var total = 0
        for shard in shards {
            total += try String(contentsOfFile: "\(output)/records/\(shard)", encoding: .utf8).split(separator: "\n").count
            boundaries.append(total)
        }
        #expect(shards.count == 4 && boundaries.first ?? 0 > 0)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(merged.utf8)) as? [String: Any])
        #expect(summary["records"] as? Int == total)
        let groups = summary["signal_groups"] as? [[String: Any]] ?? []
        let crossShard = groups.filter { group in
            let shardsOfGroup = Set((group["records"] as? [Int] ?? []).map { record in boundaries.firstIndex { record <= $0 } })
            return (group["signal"] as? String)?.hasSuffix("_shared_between_users") == true && shardsOfGroup.count > 1
        }
        #expect(!crossShard.isEmpty, "no sharing signal spans two shards")
        print("spark: \(total) records in \(shards.count) shards, \(crossShard.count) cross-shard signal groups")
    }
}
