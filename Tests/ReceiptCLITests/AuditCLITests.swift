import Foundation
import ReceiptCLI
import TestSupport
import Testing

/// `audit` and `summarize` in process: order, damaged lines, exit codes, filters, summary files, shards.
@Suite struct AuditCLITests {
    let anchor = "TestVectors/pki/root.pem"

    /// Ten records: receipts of three kinds under two users, in a fixed order.
    func batch() throws -> [String] {
        var lines: [String] = []
        for index in 0..<10 {
            let vector = ["receipts/many-inapp-200.b64", "receipts/zero-inapp.b64", "receipts/one-inapp.b64"][index % 3]
            lines.append(try AuditLines.json(vector, user: "user-\(index % 2)", id: "r\(index)"))
        }
        return lines
    }

    func run(_ arguments: [String], stdin: String = "") -> (status: Int32, out: String, err: String) {
        let console = BufferConsole(stdin: Array(stdin.utf8))
        let status = CLI.run(arguments, console: console)
        return (status, console.out, console.err)
    }

    @Test func recordsComeOutInInputOrderWithTwoJobs() throws {
        let lines = try batch()
        let result = run(
            ["audit", "--jobs", "2", "--trust-anchor", Project.root.path + "/" + anchor, "-"],
            stdin: lines.joined(separator: "\n") + "\n")
        let records = try AuditLines.parse(result.out)
        #expect(records.map { $0["record"] as? Int } == Array(1...10))
        #expect(records.map { $0["id"] as? String } == (0..<10).map { "r\($0)" })
        #expect(records.map { $0["source"] as? String } == (1...10).map { "(stdin):\($0)" })
        #expect(records.allSatisfy { $0["verdict"] as? String == "valid" })
        // Users 0 and 1 both carry one-inapp and many-inapp-200: shared, so exit 1 and a stderr summary.
        #expect(result.status == 1)
        #expect(result.err.contains("appreceipt audit: 10 records in "))
        #expect(result.err.contains("transaction_shared_between_users"))
    }

    @Test(arguments: [0, 4, 9])
    func aDamagedLineIsMalformedWithItsLineNumberAndTheBatchGoesOn(position: Int) throws {
        let directory = try TemporaryDirectory()
        var lines = try batch()
        lines[position] = String(lines[position].prefix(lines[position].count / 2))
        let path = try directory.write("batch.jsonl", lines.joined(separator: "\n"))
        let result = run(["audit", "--jobs", "2", "--trust-anchor", Project.root.path + "/" + anchor, path])
        let records = try AuditLines.parse(result.out)
        #expect(records.count == 10)
        for (index, record) in records.enumerated() {
            #expect(record["source"] as? String == "\(path):\(index + 1)")
            #expect(record["verdict"] as? String == (index == position ? "malformed" : "valid"))
        }
        let error = try #require(records[position]["error"] as? [String: Any])
        #expect((error["message"] as? String)?.hasPrefix("line \(position + 1): invalid JSON: ") == true)
        #expect(error["offset"] is Int)
        #expect(result.status == 1)
    }

    @Test func anUnreadablePathExits66BeforeAnyOutput() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.jsonl", try batch().joined(separator: "\n"))
        let result = run(["audit", good, "/nonexistent/batch.jsonl"])
        #expect(result.status == 66)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("cannot read /nonexistent/batch.jsonl: No such file or directory"))
    }

    @Test func onlyProblemsTextFormatAndTheSummaryFile() throws {
        let directory = try TemporaryDirectory()
        let lines = [
            try AuditLines.json("receipts/one-inapp.b64", user: "a"), "abc#def",
            try AuditLines.json("receipts/zero-inapp.b64", user: "b"),
        ]
        let path = try directory.write("b.jsonl", lines.joined(separator: "\n"))
        let summaryPath = directory.path("summary.json")
        let root = Project.root.path + "/" + anchor
        let result = run(["audit", "--only-problems", "--format", "text", "--summary", summaryPath, "--trust-anchor", root, path])
        #expect(result.status == 1)
        #expect(
            result.out.split(separator: "\n") == [
                "2 \(path):2 malformed error: line 2: not base64: invalid character '#' at offset 3"
            ])
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: summaryPath))) as? [String: Any])
        #expect(summary["records"] as? Int == 3)
        #expect(summary["problem_records"] as? Int == 1)
        #expect(summary["verdicts"] as? [String: Int] == ["valid": 2, "malformed": 1])
        #expect(summary["format_version"] as? Int == 1)
    }

    @Test func summarizeOverTwoShardsEqualsTheSummaryOfOneRun() throws {
        let directory = try TemporaryDirectory()
        let lines = try batch()
        let root = Project.root.path + "/" + anchor
        let whole = try directory.write("whole.jsonl", lines.joined(separator: "\n"))
        let first = try directory.write("first.jsonl", lines[0..<4].joined(separator: "\n"))
        let second = try directory.write("second.jsonl", lines[4...].joined(separator: "\n"))
        let one = run(["audit", "--trust-anchor", root, "--summary", directory.path("one.json"), whole])
        #expect(one.status == 1)
        for (shard, name) in [(first, "first.out"), (second, "second.out")] {
            let result = run(["audit", "--trust-anchor", root, shard])
            try directory.write(name, result.out)
        }
        let merged = run(["summarize", directory.path("first.out"), directory.path("second.out")])
        #expect(merged.status == 1)
        let expected = try String(contentsOfFile: directory.path("one.json"), encoding: .utf8)
        #expect(merged.out == expected)
        #expect(expected.contains("\"transaction_shared_between_users\""))
        // The second shard alone saw user-0 and user-1 too, but the first shard's records 1..4 are named.
        #expect(expected.contains("\"user-0\""))
    }

    @Test(arguments: [
        (["audit", "--jobs", "0"], "--jobs needs a positive whole number, not '0'"),
        (["audit", "--jobs", "100000"], "--jobs must be at most 256, not 100000"),
        (["audit", "--max-record-bytes", "lots"], "--max-record-bytes needs a positive whole number, not 'lots'"),
        (["audit", "--environment", "Xcode"], "--environment must be Production or Sandbox (any case), not 'Xcode'"),
        (["summarize", "--format", "csv"], "The value 'csv' is invalid for '--format <format>'"),
    ])
    func usageErrorsExit64(arguments: [String], message: String) {
        let result = run(arguments)
        #expect(result.status == 64)
        #expect(result.err.contains(message))
        #expect(result.out.isEmpty)
    }

    @Test func anUnwritableSummaryExits74BeforeAnyOutput() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("b.jsonl", try AuditLines.json("receipts/zero-inapp.b64", user: "a"))
        let result = run(["audit", "--summary", "/nonexistent/dir/summary.json", path])
        #expect(result.status == 74)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("cannot write /nonexistent/dir/summary.json: No such file or directory"))
    }

    @Test func summarizeCountsAndNamesALineThatIsNotAnAuditRecordAndGoesOn() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            "bad.jsonl",
            "{\"record\":1,\"source\":\"x\",\"verdict\":\"valid\"}\n[1,2]\n"
                + "{\"record\":3,\"source\":\"y\",\"verdict\":\"valid\",\"receipt_creation_date\":\"10000-01-01T00:00:00Z\"}\n")
        let result = run(["summarize", "--compact", path])
        #expect(result.status == 1)
        #expect(result.err.contains("appreceipt: warning: \(path):2: not an audit record: the line is not a JSON object"))
        let summary = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        #expect(summary?["records"] as? Int == 3)
        #expect(summary?["verdicts"] as? [String: Int] == ["valid": 2, "malformed": 1])
        #expect(summary?["warning_count"] as? Int == 1)
        #expect(run(["summarize", "/nonexistent.jsonl"]).status == 66)
    }

    @Test func helpDocumentsRecordsSignalsAndExitCodes() {
        let result = run(["audit", "--help"])
        #expect(result.status == 0)
        for word in [
            "receipt-data", "receipt_shared_between_users", "transaction_shared_between_users", "bundle_id_not_allowed",
            "environment_not_allowed", "device_mismatch", "creation_date_in_future", "--jobs", "--only-problems", "66",
            "payload_sha256",
        ] {
            #expect(result.out.contains(word), "\(word)")
        }
        #expect(run(["--help"]).out.contains("summarize"))
    }
}
