import ReceiptKit

/// `summarize`, the reduce step of a scaled-out audit: reads audit output shards (JSON Lines written by `audit`
/// on any number of machines or processes) and produces the summary one `audit` over the same records would.
///
/// Records are renumbered by their position across the shards in the order given, so shards that split one
/// input in order give exactly that input's record numbers. The cross-record signals each shard raised (with
/// shard-local numbers) are dropped and raised again over all shards together; a record's own signals stand.
///
/// Shards are believed as written (docs: the trust model of shards), but what can be checked is: a line that is
/// not an audit record takes its record's place as `malformed` (counted, named, never fatal for the batch); a
/// `valid` record that lists failed checks, and record numbers that repeat, go back or jump (lines lost, or a
/// shard written with `--only-problems`, which cannot be summarized), are warnings in the summary.
package enum AuditShards {
    package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case unreadable(AuditInputError)

        package var description: String {
            switch self {
            case .unreadable(let error): return error.description
            }
        }
    }

    /// The summary over every record line of `paths` (`-` is standard input).
    package static func summarize(_ paths: [String], fileSystem: any AuditFileSystem, maximumLineBytes: Int)
        throws(Failure) -> AuditSummary
    {
        var reducer = AuditReducer()
        var number = 0
        for path in paths {
            var lines: RecordLineReader
            do {
                lines = RecordLineReader(
                    source: path == "-" ? fileSystem.standardInput() : try fileSystem.open(path), limit: maximumLineBytes)
            } catch {
                throw .unreadable(error)
            }
            var shard = ShardCheck(name: path == "-" ? "(stdin)" : path)
            while true {
                let line: RecordLineReader.Line?
                do {
                    line = try lines.next()
                } catch {
                    throw .unreadable(error)
                }
                guard let line else { break }
                number += 1
                var record = shard.record(line, maximumLineBytes: maximumLineBytes, number: number)
                reducer.reduce(&record)
                for warning in shard.takeWarnings() { reducer.warn(warning) }
            }
        }
        return reducer.summary
    }
}

/// Reads one shard's lines into records and checks what a shard can be checked for on its own.
struct ShardCheck {
    let name: String
    private var previousNumber: Int?
    private var warnings: [String] = []

    init(name: String) { self.name = name }

    /// The record a line holds, renumbered as `number`; a line that is none is a `malformed` record in its place.
    mutating func record(_ line: RecordLineReader.Line, maximumLineBytes: Int, number: Int) -> AuditRecord {
        switch line {
        case .tooLong(let lineNumber, let length):
            return unreadable(
                "\(name):\(lineNumber)", "\(length) bytes, over the line size limit of \(maximumLineBytes) bytes", number)
        case .text(let bytes, let lineNumber):
            let source = "\(name):\(lineNumber)"
            var record: AuditRecord
            do {
                record = try AuditRecord(json: try JSONParser.parse(bytes))
            } catch let error as JSONParser.Failure {
                return unreadable(source, error.description, number)
            } catch {
                return unreadable(source, "\(error)", number)
            }
            check(record, source: source)
            record.number = number
            record.signals = record.signals.map { signal in
                signal.kind.isCrossRecord ? signal : AuditSignal(signal.kind, signal.detail, records: [number])
            }
            return record
        }
    }

    /// The warnings found since the last call.
    mutating func takeWarnings() -> [String] {
        defer { warnings = [] }
        return warnings
    }

    private mutating func unreadable(_ source: String, _ message: String, _ number: Int) -> AuditRecord {
        warnings.append("\(source): not an audit record: \(message)")
        // The line still stood for one record: later numbers stay those of the input.
        previousNumber = previousNumber.map { $0 &+ 1 }
        return .malformed(number: number, source: source, AuditRecordError(message: "not an audit record: \(message)"))
    }

    private mutating func check(_ record: AuditRecord, source: String) {
        if record.verdict == .valid && !record.failedChecks.isEmpty {
            warnings.append(
                "\(source): record \(record.number) is valid but lists failed checks "
                    + "(\(record.failedChecks.map(\.rawValue).joined(separator: ", "))): the line was not written by audit as it stands"
            )
        }
        if let previous = previousNumber, record.number != previous &+ 1 {
            let what =
                record.number > previous
                ? "jumps from \(previous) to \(record.number): records are missing (a shard written with "
                    + "--only-problems, or lines lost), so counts and signals are not those of the whole batch"
                : record.number == previous
                    ? "repeats \(previous): a line is repeated"
                    : "goes back from \(previous) to \(record.number): lines are out of order or repeated"
            warnings.append("\(source): the record number \(what)")
        }
        previousNumber = record.number
    }
}
