import Foundation
import ReceiptAudit
import ReceiptKit
import ReceiptTestSupport
import TestSupport
import Testing

/// How inputs become records: order, classification, line handling, limits and failures.
@Suite struct AuditRecordReaderTests {
    /// Every item of a reader, described as `number source content`.
    func items(_ inputs: [AuditInput], _ fileSystem: MemoryFileSystem, limit: Int = 64) throws -> [String] {
        var reader = try RecordReader(inputs: inputs, fileSystem: fileSystem, maximumRecordBytes: limit)
        var result: [String] = []
        while let item = reader.next() {
            let content: String
            switch item.content {
            case .file(let bytes): content = "file " + String(decoding: bytes, as: UTF8.self)
            case .line(let bytes, let line): content = "line\(line) " + String(decoding: bytes, as: UTF8.self)
            case .unreadable(let message): content = "unreadable " + message
            case .refused(let message): content = "refused " + message
            }
            result.append("\(item.number) \(item.source) \(content)")
        }
        return result
    }

    @Test func skippedRecordsKeepTheNumberingOfTheWholeInput() throws {
        let fs = MemoryFileSystem()
        fs.addFile("r.jsonl", "a\n\nb\nc\n")
        fs.addFile("one.der", "x")
        var reader = try RecordReader(inputs: [.path("r.jsonl"), .path("one.der")], fileSystem: fs, maximumRecordBytes: 64)
        let first = reader.skip(2)
        #expect(first == 2)
        let third = reader.next()
        #expect(third?.number == 3 && third?.source == "r.jsonl:4")
        let skipped = reader.skip(5)
        #expect(skipped == 1)
        let end = reader.next()
        #expect(end == nil)
    }

    @Test func directoriesAreWalkedInSortedPathOrderSkippingHiddenEntries() throws {
        let fs = MemoryFileSystem()
        fs.directories = ["d", "d/b", "d/.git"]
        fs.linkedDirectories = ["d/loop"]
        for path in ["d/a.txt", "d/b/x", "d/b.der", "d/c", "d/.hidden", "d/.git/config", "d/B"] { fs.addFile(path, path) }
        // Full-path byte order: "d/B" < "d/a.txt" < "d/b.der" < "d/b/x" < "d/c"; a .txt inside a walk is one record.
        #expect(
            try items([.path("d")], fs) == [
                "1 d/B file d/B", "2 d/a.txt file d/a.txt", "3 d/b.der file d/b.der", "4 d/b/x file d/b/x", "5 d/c file d/c",
            ])
    }

    /// Issue 19, item 7: a walked .jsonl or .b64l is records (it was one malformed record), and globs choose files.
    @Test func walkedRecordsFilesAreReadLineByLineAndGlobsChooseWhatAWalkReads() throws {
        let fs = MemoryFileSystem()
        fs.directories = ["d", "d/2024"]
        fs.addFile("d/batch.jsonl", "one\ntwo\n")
        fs.addFile("d/more.B64L", "three\n")
        fs.addFile("d/receipt.txt", "wrapped\nbase64\n")
        fs.addFile("d/README.md", "# notes")
        fs.addFile("d/manifest.json", "{}")
        fs.addFile("d/2024/r.b64", "r")
        #expect(
            try items([.path("d")], fs) == [
                "1 d/2024/r.b64 file r", "2 d/README.md file # notes", "3 d/batch.jsonl:1 line1 one",
                "4 d/batch.jsonl:2 line2 two", "5 d/manifest.json file {}", "6 d/more.B64L:1 line1 three",
                "7 d/receipt.txt file wrapped\nbase64\n",
            ])
        var reader = try RecordReader(
            inputs: [.path("d"), .path("d/README.md")], fileSystem: fs, maximumRecordBytes: 64,
            filter: WalkFilter(exclude: ["*.md", "manifest.json"]))
        var sources: [String] = []
        while let item = reader.next() { sources.append(item.source) }
        // A file named on the command line is read whatever the filter says.
        #expect(
            sources == [
                "d/2024/r.b64", "d/batch.jsonl:1", "d/batch.jsonl:2", "d/more.B64L:1", "d/receipt.txt", "d/README.md",
            ])
    }

    @Test(arguments: [
        (WalkFilter(include: ["*.b64"]), "2024/r.b64", true), (WalkFilter(include: ["*.b64"]), "r.der", false),
        (WalkFilter(include: ["2024/*.b64"]), "2024/r.b64", true), (WalkFilter(include: ["*/r.b64"]), "a/b/r.b64", false),
        (WalkFilter(exclude: ["*.md"]), "docs/README.md", false), (WalkFilter(exclude: ["*.md"]), "r.b64", true),
        (WalkFilter(include: ["r?.b64"], exclude: ["r2.*"]), "r2.b64", false),
        (WalkFilter(include: ["r[0-9].b64"]), "r1.b64", true),
    ])
    func walkFilterPatterns(filter: WalkFilter, path: String, admitted: Bool) {
        #expect(filter.admits(relativePath: path) == admitted)
    }

    @Test func aWholeFileOfSeveralLinesThatIsNotAReceiptPointsAtRecords() throws {
        let auditor = try AuditFixtures.auditor()
        let token = String(decoding: try Fixtures.testVector("jws/valid/transaction.jws"), as: UTF8.self)
        let record = auditor.audit(AuditItem(number: 1, source: "tokens.log", content: .file(Array((token + token).utf8))))
        #expect(record.verdict == .malformed)
        #expect(record.error?.message.hasSuffix("give it with --records FILE or name it .jsonl or .b64l)") == true)
        let single = auditor.audit(AuditItem(number: 1, source: "x", content: .file(Array("not a receipt\n".utf8))))
        #expect(single.error?.message.contains("--records") == false)
    }

    @Test func namedRecordsFilesYieldOneRecordPerNonBlankLineWithLineNumbers() throws {
        let fs = MemoryFileSystem()
        fs.addFile("a.jsonl", "first\r\n\n   \nsecond\nthird")
        fs.addFile("b.B64L", "x\n")
        fs.addFile("r.log", "y\nz\n")
        fs.addFile("one.b64", "whole\nfile\n")
        fs.stdin = Array("s1\n\ns2\n".utf8)
        #expect(
            try items([.path("a.jsonl"), .path("b.B64L"), .records("r.log"), .path("one.b64"), .records("-")], fs) == [
                "1 a.jsonl:1 line1 first", "2 a.jsonl:4 line4 second", "3 a.jsonl:5 line5 third", "4 b.B64L:1 line1 x",
                "5 r.log:1 line1 y", "6 r.log:2 line2 z", "7 one.b64 file whole\nfile\n", "8 (stdin):1 line1 s1",
                "9 (stdin):3 line3 s2",
            ])
    }

    @Test(arguments: [
        ("long\nok1\nok2\n", 1), ("ok1\nlong\nok2\n", 2), ("ok1\nok2\nlong", 3),
    ])
    func aLineOverTheLimitIsRefusedWhereverItIsAndTheRestIsRead(text: String, position: Int) throws {
        let fs = MemoryFileSystem()
        fs.addFile("r.jsonl", text.replacingOccurrences(of: "long", with: String(repeating: "A", count: 100)))
        let result = try items([.path("r.jsonl")], fs, limit: 10)
        #expect(result.count == 3)
        #expect(
            result[position - 1]
                == "\(position) r.jsonl:\(position) refused line \(position) is 100 bytes, over the record size limit of 10 bytes"
        )
        #expect(result.filter { $0.contains(" line") && $0.contains(" ok") }.count == 2)
    }

    @Test func aFileOverTheLimitIsRefusedAndAnUnopenableOneIsUnreadable() throws {
        let fs = MemoryFileSystem()
        fs.directories = ["d"]
        fs.addFile("d/big", String(repeating: "B", count: 65))
        fs.addFile("d/small", "ok")
        fs.unopenable["d/locked"] = "Permission denied"
        #expect(
            try items([.path("d")], fs) == [
                "1 d/big refused the file is over the record size limit of 64 bytes",
                "2 d/locked unreadable cannot read d/locked: Permission denied", "3 d/small file ok",
            ])
    }

    @Test func aMissingNamedPathStopsBeforeAnyRecord() throws {
        let fs = MemoryFileSystem()
        fs.addFile("there.b64", "x")
        #expect(throws: AuditInputError.unreadable(path: "missing.jsonl", reason: "No such file or directory")) {
            _ = try RecordReader(
                inputs: [.path("there.b64"), .path("missing.jsonl")], fileSystem: fs, maximumRecordBytes: 10)
        }
        fs.unopenable["locked.jsonl"] = "Permission denied"
        #expect(throws: AuditInputError.unreadable(path: "locked.jsonl", reason: "Permission denied")) {
            _ = try RecordReader(inputs: [.records("locked.jsonl")], fileSystem: fs, maximumRecordBytes: 10)
        }
    }

    @Test func theRecordCountIsKnownOnlyWhenEveryInputIsOneReceipt() throws {
        let fs = MemoryFileSystem()
        fs.addFile("a.der", "a")
        fs.addFile("b.b64", "b")
        fs.addFile("c.jsonl", "c")
        let files = try RecordReader(inputs: [.path("a.der"), .path("b.b64")], fileSystem: fs, maximumRecordBytes: 10)
        #expect(files.knownRecordCount == 2)
        let mixed = try RecordReader(inputs: [.path("a.der"), .path("c.jsonl")], fileSystem: fs, maximumRecordBytes: 10)
        #expect(mixed.knownRecordCount == nil)
    }

    @Test func recordLinesAreBareReceiptsOrJSONObjectsUnderThreeNames() throws {
        #expect(try RecordLine.parse(Array("MIIabc==".utf8)) == RecordLine(receipt: Array("MIIabc==".utf8)))
        for key in ["receipt-data", "receipt_data", "receipt"] {
            let line = "{\"\(key)\":\"MII\",\"id\":7,\"user_id\":\"u\",\"device_id\":\"D\",\"bundle_id\":\"b\",\"x\":[1]}"
            #expect(
                try RecordLine.parse(Array(line.utf8))
                    == RecordLine(receipt: Array("MII".utf8), id: "7", userID: "u", deviceID: "D", bundleID: "b"))
        }
        let marked = [0xEF, 0xBB, 0xBF] + Array("{\"receipt\":\"MII\"}".utf8)
        #expect(try RecordLine.parse(marked) == RecordLine(receipt: Array("MII".utf8)))
        let failures: [(String, String, Int?)] = [
            ("{\"receipt-data\": \"MII", "invalid JSON: unterminated string at offset 21", 21),
            ("{\"password\": \"x\"}", "the JSON record has no receipt-data, receipt_data or receipt", nil),
            ("{\"receipt\": 5}", "the record's receipt is not a string", nil),
            ("{\"receipt\": \"x\", \"user_id\": [1]}", "the record's user_id is not a string or a number", nil),
        ]
        for (line, message, offset) in failures {
            #expect(throws: RecordLine.Failure(message: message, offset: offset)) { try RecordLine.parse(Array(line.utf8)) }
        }
    }
}
