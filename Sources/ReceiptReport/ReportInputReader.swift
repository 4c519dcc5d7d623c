package import ReceiptAudit
import ReceiptKit

/// Reads one report input file, finding out from its content what it holds: JSON Lines (audit output, or
/// verifyReceipt responses one per line, mixed freely) or one JSON document over several lines (a saved,
/// pretty-printed verifyReceipt response).
///
/// JSON Lines stream: one line in memory at a time, so audit output of any length can be reported on. The file is
/// one document when its first non-blank line is not complete JSON but opens an object; the whole file (at most
/// ``Limits/maximumInputSize`` bytes) is then parsed at once. Every error names the file and the line.
package struct ReportInputReader {
    private var lines: RecordLineReader
    private let name: String
    private let maximumBytes: Int
    private var sawFirstLine = false
    private var finished = false

    /// Opens `path` (`-` is standard input) through `fileSystem`; lines and the whole document are at most
    /// `maximumBytes` long.
    package init(path: String, fileSystem: any AuditFileSystem, maximumBytes: Int = Limits.maximumInputSize)
        throws(ReportInputError)
    {
        let source: any AuditByteSource
        do {
            source = path == "-" ? fileSystem.standardInput() : try fileSystem.open(path)
        } catch {
            throw .unreadable(error)
        }
        lines = RecordLineReader(source: source, limit: maximumBytes)
        name = path == "-" ? "(stdin)" : path
        self.maximumBytes = maximumBytes
    }

    /// The next input, or nil at the end of the file. A line that is not a record or a response comes back as
    /// ``ReportInput/unusable(source:message:)``; only a file that cannot be read throws.
    package mutating func next() throws(ReportInputError) -> ReportInput? {
        do {
            return try nextDocument()
        } catch {
            switch error {
            case .unreadable: throw error
            case .invalid(let source, let message): return .unusable(source: source, message: message)
            }
        }
    }

    private mutating func nextDocument() throws(ReportInputError) -> ReportInput? {
        guard !finished, let (bytes, number) = try nextLine() else { return nil }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            guard !sawFirstLine, Self.opensObject(bytes) else {
                throw .invalid(source: "\(name):\(number)", message: error.description)
            }
            finished = true
            return try wholeDocument(startingWith: bytes, line: number)
        }
        sawFirstLine = true
        return try Self.classified(json, source: "\(name):\(number)")
    }

    private mutating func nextLine() throws(ReportInputError) -> (bytes: [UInt8], number: Int)? {
        let line: RecordLineReader.Line?
        do {
            line = try lines.next()
        } catch {
            throw .unreadable(error)
        }
        switch line {
        case nil: return nil
        case .tooLong(let number, let length)?:
            throw .invalid(
                source: "\(name):\(number)", message: "\(length) bytes, over the line size limit of \(maximumBytes) bytes")
        case .text(let bytes, let number)?: return (bytes, number)
        }
    }

    /// The rest of the file joined to `first` and parsed as one document; a parse error names its line.
    private mutating func wholeDocument(startingWith first: [UInt8], line: Int) throws(ReportInputError) -> ReportInput {
        var document = first
        // Where each line starts in `document`, to turn a parser offset back into a line number.
        var starts: [(offset: Int, line: Int)] = [(0, line)]
        while let (bytes, number) = try nextLine() {
            guard document.count + 1 + bytes.count <= maximumBytes else {
                throw .invalid(
                    source: "\(name):\(number)",
                    message: "the JSON document that starts on line \(line) is over the size limit of \(maximumBytes) bytes")
            }
            document.append(0x0A)
            starts.append((document.count, number))
            document += bytes
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(document)
        } catch {
            let failing = starts.last { $0.offset <= error.offset } ?? starts[0]
            let reason = error.isLimit ? error.reason : "invalid JSON: \(error.reason)"
            throw .invalid(source: "\(name):\(failing.line)", message: "\(reason) (in the document from line \(line))")
        }
        return try Self.classified(json, source: name)
    }

    private static func classified(_ json: JSONValue, source: String) throws(ReportInputError) -> ReportInput {
        do {
            switch try ReportInput.classify(json) {
            case .response(let response, _): return .response(response, source: source)
            case let record: return record
            }
        } catch {
            throw .invalid(source: source, message: error.message)
        }
    }

    /// True when the first non-blank byte opens a JSON object or array: a document over several lines.
    private static func opensObject(_ bytes: [UInt8]) -> Bool {
        let first = bytes.first { !RecordLineReader.isWhitespace($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}
