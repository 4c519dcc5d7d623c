/// `summarize`, the reduce step of a scaled-out audit: reads audit output shards (JSON Lines written by `audit`
/// on any number of machines or processes) and produces the summary one `audit` over the same records would.
///
/// Records are renumbered by their position across the shards in the order given, so shards that split one
/// input in order give exactly that input's record numbers. The cross-record signals each shard raised (with
/// shard-local numbers) are dropped and raised again over all shards together; a record's own signals stand.
public enum AuditShards {
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case unreadable(AuditInputError)
        /// A line that is not an audit record; `source` is `path:line`.
        case invalidLine(source: String, message: String)

        public var description: String {
            switch self {
            case .unreadable(let error): return error.description
            case .invalidLine(let source, let message): return "\(source): not an audit record: \(message)"
            }
        }
    }

    /// The summary over every record line of `paths` (`-` is standard input).
    public static func summarize(_ paths: [String], fileSystem: any AuditFileSystem, maximumLineBytes: Int)
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
            let name = path == "-" ? "(stdin)" : path
            while true {
                let line: RecordLineReader.Line?
                do {
                    line = try lines.next()
                } catch {
                    throw .unreadable(error)
                }
                guard let line else { break }
                switch line {
                case .tooLong(let lineNumber, let length):
                    throw .invalidLine(
                        source: "\(name):\(lineNumber)",
                        message: "\(length) bytes, over the line size limit of \(maximumLineBytes) bytes")
                case .text(let bytes, let lineNumber):
                    let source = "\(name):\(lineNumber)"
                    let json: JSONValue
                    do {
                        json = try JSONParser.parse(bytes)
                    } catch {
                        throw .invalidLine(source: source, message: error.description)
                    }
                    var record: AuditRecord
                    do {
                        record = try AuditRecord(json: json)
                    } catch {
                        throw .invalidLine(source: source, message: error.description)
                    }
                    number += 1
                    record.number = number
                    record.signals = record.signals.map { signal in
                        signal.kind.isCrossRecord ? signal : AuditSignal(signal.kind, signal.detail, records: [number])
                    }
                    reducer.reduce(&record)
                }
            }
        }
        return reducer.summary
    }
}
