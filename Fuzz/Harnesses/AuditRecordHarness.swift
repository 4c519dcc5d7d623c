import ReceiptAudit
import ReceiptKit

/// Target `audit-record`: the audit record's JSON line, written by `audit` and read back by `summarize` and
/// `report`. Two round trips must hold for every input (issue 19): a line the reader accepts is written again in
/// a form the reader accepts and that writes the same bytes; and a record built from the input's decisions
/// (extreme dates, numbers, any strings) is read back from its own line, byte for byte. A failure traps.
enum AuditRecordHarness {
    static func run(_ bytes: [UInt8]) {
        do {
            requireRoundTrip(try AuditRecord(json: try JSONParser.parse(bytes)))
        } catch {
            Rendering.sink(String(describing: error).count)
        }
        var input = FuzzBytes(bytes)
        requireRoundTrip(built(&input))
    }

    static func requireRoundTrip(_ record: AuditRecord) {
        let line = record.jsonLine
        let again: AuditRecord
        do {
            again = try AuditRecord(json: try JSONParser.parse(Array(line.utf8)))
        } catch {
            preconditionFailure("audit cannot read its own line back: \(error)")
        }
        precondition(Array(again.jsonLine.utf8) == Array(line.utf8), "an audit line changed on its way back")
    }

    /// A record whose every field comes from the input.
    static func built(_ input: inout FuzzBytes) -> AuditRecord {
        func text() -> String { String(decoding: input.run(maximum: 24), as: UTF8.self) }
        func date() -> Timestamp? {
            input.below(4) == 0 ? nil : Timestamp(milliseconds: ExtremeNumbers.milliseconds(&input))
        }
        let verdicts: [AuditVerdict] = [.valid, .invalid, .untrusted, .malformed, .unverifiableHere]
        var record = AuditRecord(
            number: Int(truncatingIfNeeded: input.int64()), source: text(), verdict: input.pick(verdicts))
        record.id = text()
        record.userID = text()
        // Every kind this version writes; check ids and environments are any text (unknown ones are kept).
        let kinds: [InputKind?] = [
            nil, .appReceipt, .xcodeReceipt, .transactionReceipt, .jws, .signedDataBody(.notification),
            .signedDataBody(.transactionHistory),
        ]
        record.kind = input.pick(kinds)
        record.failedChecks = [AuditCheckID(rawValue: text()), .known(input.pick(CheckID.allCases))]
        record.bundleID = text()
        record.environment = InputEnvironment(rawValue: text())
        record.creationDate = date()
        record.unsignedClaims = [text(): text()]
        record.warnings = [text()]
        var transaction = AuditTransaction(
            transactionID: text(), originalTransactionID: text(), productID: text(), purchaseDate: date(),
            expiresDate: date(), cancellationDate: date(), ownershipType: InAppOwnershipType(rawValue: text()),
            isTrialPeriod: input.pick([nil, true, false]))
        transaction.environment = InputEnvironment(rawValue: text())
        transaction.bundleID = text()
        record.transactions = [transaction]
        record.signals = [
            AuditSignal(input.pick(AuditSignal.Kind.allCases), text(), records: [Int(truncatingIfNeeded: input.int64())])
        ]
        record.error = AuditRecordError(message: text(), offset: Int(truncatingIfNeeded: input.int64()))
        return record
    }
}
