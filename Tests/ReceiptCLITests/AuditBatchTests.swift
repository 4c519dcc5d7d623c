import Foundation
import TestSupport
import Testing

/// The built binary on batches: the done-when run over real receipts, and Ctrl-C.
@Suite struct AuditBatchTests {
    /// `make_batch.py DIR --reps 13 --malformed 0.1`, then `audit --jobs 2 DIR/records.jsonl`: one line per record
    /// in order, damaged lines malformed with their line number, every other verdict equal to `verify`'s for the
    /// same receipt, and the replayed purchases flagged.
    @Test(.requires(BatchMaker.present))
    func theDoneWhenBatch() throws {
        let directory = try TemporaryDirectory()
        try BatchMaker.make(into: directory.url.path, ["--reps", "13", "--malformed", "0.1"])

        let input = directory.path("records.jsonl")
        let inputLines = try String(contentsOfFile: input, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .filter { !$0.isEmpty }
        let audit = try BinaryRunner.run(["audit", "--jobs", "2", input])
        #expect(audit.status == 1)
        let records = try AuditLines.parse(audit.stdout)
        #expect(records.count == inputLines.count)
        #expect(records.map { $0["record"] as? Int } == Array(1...inputLines.count))
        #expect(records.map { $0["source"] as? String } == (1...inputLines.count).map { "\(input):\($0)" })

        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path("files")).sorted()
        try #require(files.count == inputLines.count)
        let verify = try BinaryRunner.run(["verify", "--compact"] + files.map { directory.path("files/\($0)") })
        let documents = try #require(try JSONSerialization.jsonObject(with: Data(verify.stdout.utf8)) as? [[String: Any]])
        try #require(documents.count == records.count)

        // receipts.b64l holds each receipt undamaged, line for line: a record line is intact when it carries that.
        let undamaged = try String(contentsOfFile: directory.path("receipts.b64l"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        try #require(undamaged.count == records.count)
        var damaged = 0
        var flagsChecked = 0
        for (index, (record, line)) in zip(records, inputLines).enumerated() {
            let original = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let intact = original?["receipt-data"] as? String == undamaged[index]
            if record["verdict"] as? String == "malformed" {
                damaged += 1
                let message = (record["error"] as? [String: Any])?["message"] as? String
                #expect(message?.hasPrefix("line \(index + 1): ") == true, "\(String(describing: message))")
                #expect(!intact, "record \(index + 1) is malformed but its line looks intact")
            } else {
                #expect(record["verdict"] as? String == documents[index]["verdict"] as? String, "record \(index + 1)")
                #expect(record["user_id"] as? String == original?["user_id"] as? String)
                flagsChecked += try Self.expectOfferFlags(of: record, equalTo: documents[index], record: index + 1)
            }
        }
        #expect(damaged > 0 && damaged < records.count / 4)
        #expect(flagsChecked > 100, "only \(flagsChecked) offer flags compared")
        let signals = records.flatMap { ($0["signals"] as? [[String: Any]]) ?? [] }.compactMap { $0["id"] as? String }
        #expect(signals.contains("transaction_shared_between_users"))
        #expect(audit.stderr.contains("transaction_shared_between_users"))
    }

    /// The audit's offer flags of each transaction (what `report` counts trials and intro offers from) are the
    /// receipt's own, as `verify` prints them in Apple's form ("true"/"false" strings, absent when the receipt has
    /// no such attribute). Returns how many flags it compared.
    static func expectOfferFlags(of record: [String: Any], equalTo document: [String: Any], record number: Int) throws -> Int {
        let inApp = ((document["receipt"] as? [String: Any])?["in_app"] as? [[String: Any]]) ?? []
        let transactions = (record["transactions"] as? [[String: Any]]) ?? []
        #expect(transactions.count == inApp.count, "record \(number)")
        var compared = 0
        for (transaction, purchase) in zip(transactions, inApp) {
            for key in ["is_trial_period", "is_in_intro_offer_period"] {
                let expected = (purchase[key] as? String).map { $0 == "true" }
                #expect(transaction[key] as? Bool == expected, "record \(number) \(key)")
                compared += expected == nil ? 0 : 1
            }
        }
        return compared
    }

    /// A full disk is an output error: exit 74 with a message, and the batch stops.
    @Test func aFailedWriteExits74() throws {
        let directory = try TemporaryDirectory()
        let line = try AuditLines.json("receipts/zero-inapp.b64", user: "u")
        let input = try directory.write("b.jsonl", Array(repeating: line, count: 2_000).joined(separator: "\n"))
        let process = Process()
        process.executableURL = BinaryRunner.executable
        process.arguments = ["audit", input]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(message.contains("writing output failed: No space left on device"))
    }

    /// Ctrl-C part-way: the output ends at a complete line, records numbered from 1 without a gap, exit 130.
    @Test func anInterruptLeavesCompleteLinesOnly() throws {
        let directory = try TemporaryDirectory()
        let line = try AuditLines.json("receipts/many-inapp-200.b64", user: "u")
        let input = try directory.write("big.jsonl", Array(repeating: line, count: 20_000).joined(separator: "\n"))
        let process = Process()
        process.executableURL = BinaryRunner.executable
        process.arguments = ["audit", "--jobs", "2", input]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait for the first bytes of output, then interrupt as a terminal's Ctrl-C would.
        let handle = out.fileHandleForReading
        var received = handle.availableData
        process.interrupt()
        received += handle.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        let records = try AuditLines.parse(text)
        #expect(!records.isEmpty && records.count < 20_000)
        #expect(records.map { $0["record"] as? Int } == Array(1...records.count))
    }
    /// Records arriving on a pipe that then goes quiet: each result is written as soon as it is ready (the output is
    /// flushed before the read that waits), and Ctrl-C while the read waits ends the run cleanly with those lines.
    @Test(arguments: [1, 2])
    func aQuietPipeGetsItsLinesAtOnceAndCtrlCEndsTheWait(jobs: Int) throws {
        let process = Process()
        process.executableURL = BinaryRunner.executable
        let anchor = Project.root.path + "/TestVectors/pki/root.pem"
        process.arguments = ["audit", "--jobs", String(jobs), "--trust-anchor", anchor, "--records", "-"]
        let input = Pipe()
        let out = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let lines = [
            try AuditLines.json("receipts/one-inapp.b64", user: "a"), try AuditLines.json("receipts/zero-inapp.b64", user: "b"),
        ]
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        // The pipe stays open: both lines must come out while the tool waits for a third.
        var received = Data()
        let handle = out.fileHandleForReading
        while received.filter({ $0 == 0x0A }).count < 2 {
            let chunk = handle.availableData
            try #require(!chunk.isEmpty, "output ended before both records were written")
            received += chunk
        }
        #expect(process.isRunning)
        process.interrupt()
        received += handle.readDataToEndOfFile()
        process.waitUntilExit()
        input.fileHandleForWriting.closeFile()
        #expect(process.terminationStatus == 130)
        let records = try AuditLines.parse(String(decoding: received, as: UTF8.self))
        #expect(records.map { $0["record"] as? Int } == [1, 2])
        #expect(records.map { $0["verdict"] as? String } == ["valid", "valid"])
    }
}
