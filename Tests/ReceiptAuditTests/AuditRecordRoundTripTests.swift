import ReceiptAudit
import ReceiptKit
import ReceiptTestSupport
import TestSupport
import Testing

/// What `audit` writes, `summarize` and `report` read back (issue 19, item 2): every value the writer can
/// produce, dates beyond years 0000-9999 included, and a line the reader cannot use never voids the batch.
@Suite struct AuditRecordRoundTripTests {
    static let extremeMilliseconds: [Int64] = [
        .min, .min + 1, .min + 999, .min / 2, -62_167_219_200_001, -62_167_219_200_000, -86_400_001, -1, 0, 1, 999,
        1_748_736_000_000, 253_402_300_799_999, 253_402_300_800_000, 9_999_999_999_999_999, .max / 2, .max - 1, .max,
    ]

    @Test func everyInstantReadsBackFromItsWrittenForm() {
        var random = SplitMix(state: 0x19_02)
        let samples =
            Self.extremeMilliseconds + (0..<20_000).map { _ in Int64(bitPattern: random.next()) }
            + (0..<20_000).map { _ in Int64(bitPattern: random.next()) >> 20 }
        for milliseconds in samples {
            let instant = Timestamp(milliseconds: milliseconds)
            #expect(Timestamp(writtenRFC3339: instant.rfc3339) == instant, "\(milliseconds) -> \(instant.rfc3339)")
        }
        #expect(Timestamp(milliseconds: 253_402_300_800_000).rfc3339 == "10000-01-01T00:00:00Z")
        #expect(Timestamp(milliseconds: -62_167_219_200_001).rfc3339 == "-0001-12-31T23:59:59.999Z")
    }

    @Test(arguments: [
        "2020-07-22T17:39:08", "2020-07-22T17:39:08.000Z", "-0000-01-01T00:00:00Z", "010000-01-01T00:00:00Z",
        "2021-02-29T00:00:00Z", "2020-07-22T24:00:00Z", "+2020-07-22T17:39:08Z", "99999999999-01-01T00:00:00Z",
        "2020-07-22 17:39:08Z", "2020-7-22T17:39:08Z",
    ])
    func otherTextIsRefused(text: String) {
        #expect(Timestamp(writtenRFC3339: text) == nil)
    }

    /// Strings a forged record can carry: escapes, control characters, separators, non-BMP, look-alikes.
    static let strings = [
        "", "plain", "quote \" backslash \\ slash /", "\u{0}\u{1}\u{1F}\u{7F}", "line\nfeed\rreturn\ttab",
        "\u{2028}\u{2029}", "Jose\u{301} \u{212A} \u{1F600}", String(repeating: "x", count: 3000),
    ]

    /// A record with every field set from `random`.
    static func record(_ random: inout SplitMix) -> AuditRecord {
        func text() -> String { strings[random.below(strings.count)] }
        func date() -> Timestamp? {
            random.below(5) == 0 ? nil : Timestamp(milliseconds: extremeMilliseconds[random.below(extremeMilliseconds.count)])
        }
        func flag() -> Bool? { [nil, true, false][random.below(3)] }
        let verdicts: [AuditVerdict] = [.valid, .invalid, .untrusted, .malformed, .unverifiableHere]
        var record = AuditRecord(
            number: [1, 2, .max, .min, 0][random.below(5)], source: text(), verdict: verdicts[random.below(5)])
        record.id = text()
        record.userID = text()
        let kinds: [InputKind?] = [
            nil, .appReceipt, .xcodeReceipt, .transactionReceipt, .jws, .signedDataBody(.refundHistory),
        ]
        record.kind = kinds[random.below(kinds.count)]
        record.failedChecks = [AuditCheckID(rawValue: text()), .known(CheckID.allCases[random.below(CheckID.allCases.count)])]
        record.receiptSHA256 = text()
        record.payloadSHA256 = text()
        record.bundleID = text()
        record.environment = InputEnvironment(rawValue: text())
        record.creationDate = date()
        record.unsignedClaims = ["environment": text(), "bundleId": text()]
        record.warnings = [text()]
        record.transactions = (0..<random.below(3)).map { _ in
            var transaction = AuditTransaction(
                transactionID: text(), originalTransactionID: text(), productID: text(), purchaseDate: date(),
                expiresDate: date(), cancellationDate: date(), ownershipType: InAppOwnershipType(rawValue: text()),
                isTrialPeriod: flag(),
                isInIntroOfferPeriod: flag(), isUpgraded: flag())
            transaction.environment = random.below(2) == 0 ? nil : InputEnvironment(rawValue: text())
            transaction.bundleID = random.below(2) == 0 ? nil : text()
            return transaction
        }
        record.signals = AuditSignal.Kind.allCases.shuffled(using: &random).prefix(2).map {
            AuditSignal($0, text(), records: [.min, 0, .max])
        }
        record.error = random.below(2) == 0 ? nil : AuditRecordError(message: text(), offset: [nil, 0, .max][random.below(3)])
        return record
    }

    @Test func everyRecordFieldReadsBackByteForByte() throws {
        var random = SplitMix(state: 19)
        for _ in 0..<500 {
            let record = Self.record(&random)
            let line = record.jsonLine
            let back = try AuditRecord(json: try JSONParser.parse(Array(line.utf8)))
            #expect(Array(back.jsonLine.utf8) == Array(line.utf8))
        }
    }

    @Test func aRecordWithAFarFutureDateIsSummarized() throws {
        var record = AuditRecord(number: 1, source: "a.jws", verdict: .valid)
        record.transactions = [AuditTransaction(transactionID: "1", purchaseDate: Timestamp(milliseconds: 253_402_300_800_000))]
        record.creationDate = Timestamp(milliseconds: -62_167_219_200_001)
        let fileSystem = MemoryFileSystem()
        fileSystem.addFile("s.jsonl", record.jsonLine + "\n")
        let summary = try AuditShards.summarize(["s.jsonl"], fileSystem: fileSystem, maximumLineBytes: 1 << 20)
        #expect(summary.records == 1 && summary.verdicts == ["valid": 1] && summary.warningCount == 0)
    }

    @Test func aLineThatIsNotARecordIsCountedAndNamedAndTheRestStands() throws {
        let fileSystem = MemoryFileSystem()
        fileSystem.addFile(
            "s.jsonl",
            "{\"record\":1,\"source\":\"x\",\"verdict\":\"valid\"}\n{\"record\":2,\"verdict\":\"maybe\"}\n"
                + "not json\n{\"record\":4,\"source\":\"y\",\"verdict\":\"valid\"}\n")
        let summary = try AuditShards.summarize(["s.jsonl"], fileSystem: fileSystem, maximumLineBytes: 1000)
        #expect(summary.records == 4)
        #expect(summary.verdicts == ["valid": 2, "malformed": 2])
        #expect(summary.warnings.count == 2 && summary.warningCount == 2)
        #expect(summary.warnings[0] == "s.jsonl:2: not an audit record: no \"source\"")
        #expect(summary.warnings[1].hasPrefix("s.jsonl:3: not an audit record: "))
        #expect(!summary.isClean)
        #expect(throws: AuditShards.Failure.unreadable(.unreadable(path: "nope", reason: "No such file or directory"))) {
            _ = try AuditShards.summarize(["nope"], fileSystem: fileSystem, maximumLineBytes: 1000)
        }
    }

    @Test func whatAShardCanBeCheckedForIsAWarning() throws {
        let fileSystem = MemoryFileSystem()
        func line(_ number: Int, _ verdict: String = "valid", failed: String = "") -> String {
            let checks = failed.isEmpty ? "" : ",\"failed_checks\":[\"\(failed)\"]"
            return "{\"record\":\(number),\"source\":\"r\(number)\",\"verdict\":\"\(verdict)\"\(checks)}\n"
        }
        // Consecutive numbers from any start are a shard of a split run; the rest is not.
        fileSystem.addFile("ok.jsonl", line(41) + line(42) + line(43, "invalid", failed: "chain.anchor"))
        #expect(try AuditShards.summarize(["ok.jsonl"], fileSystem: fileSystem, maximumLineBytes: 1000).warningCount == 0)
        fileSystem.addFile(
            "odd.jsonl", line(1) + line(2, failed: "signer.signature") + line(5, "invalid") + line(5, "invalid") + line(3))
        let summary = try AuditShards.summarize(["odd.jsonl"], fileSystem: fileSystem, maximumLineBytes: 1000)
        #expect(summary.warningCount == 4)
        #expect(summary.warnings[0].hasPrefix("odd.jsonl:2: record 2 is valid but lists failed checks (signer.signature)"))
        #expect(summary.warnings[1].hasPrefix("odd.jsonl:3: the record number jumps from 2 to 5: records are missing"))
        #expect(summary.warnings[1].contains("--only-problems"))
        #expect(summary.warnings[2].hasPrefix("odd.jsonl:4: the record number repeats 5"))
        #expect(summary.warnings[3].hasPrefix("odd.jsonl:5: the record number goes back from 5 to 3"))
        // The valid-with-failed-checks record does not feed the sharing index (its failed check is a signer's).
        #expect(summary.records == 5 && !summary.isClean)
    }
}
