import ReceiptKit

/// Turns the inputs named on a command line into a stream of records, one at a time, in a fixed order.
///
/// Named inputs are read in the order given. A directory is walked recursively in sorted path order (the
/// order `find DIR | LC_ALL=C sort` prints: byte order of the full paths), hidden entries skipped, each regular
/// file one record; symbolic links to directories are not followed inside a walk. A records file yields one
/// record per non-blank line. Nothing is held beyond the current line or file and the directory listings on the
/// current path, so memory does not grow with the number of records.
public struct RecordReader {
    private let fileSystem: any AuditFileSystem
    private let maximumRecordBytes: Int
    /// Named inputs not started yet, last one first.
    private var remaining: [AuditInput]
    /// Directories being walked: each one's sorted child paths and the next one to visit.
    private var walk: [(children: [(path: String, kind: AuditFileKind)], next: Int)] = []
    /// The directory named on the command line that the current walk started from, with a trailing `/`.
    private var walkRoot = ""
    private let filter: WalkFilter
    private var lines: (reader: RecordLineReader, name: String)?
    private var produced = 0
    /// The read buffer for whole files, made once: a directory of thousands of small receipts would otherwise
    /// allocate and clear 64 KB per file.
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    /// The number of records, when it is known before reading (every input a single-receipt file).
    package let knownRecordCount: Int?

    /// Checks every named input up front (regular files are opened once, directories listed; a FIFO is left
    /// alone, as opening it twice could lose data), so a mistyped path stops the audit before any output.
    ///
    /// - Parameters:
    ///   - inputs: Paths and records files, in the order given.
    ///   - fileSystem: Everything the reader reads goes through it.
    ///   - maximumRecordBytes: A larger file or line becomes a refused record instead of being held.
    ///   - filter: Which files of a walked directory are read.
    /// - Throws: ``AuditInputError/unreadable(path:reason:)`` for the first input that cannot be read.
    public init(
        inputs: [AuditInput], fileSystem: any AuditFileSystem, maximumRecordBytes: Int, filter: WalkFilter = WalkFilter()
    ) throws(AuditInputError) {
        var singleFiles = 0
        var allSingle = true
        for input in inputs {
            switch input {
            case .records("-"): allSingle = false
            case .records(let path):
                allSingle = false
                if try fileSystem.kind(of: path) == .regularFile { _ = try fileSystem.open(path) }
            case .path("-"): allSingle = false
            case .path(let path):
                switch try fileSystem.kind(of: path) {
                case .directory, .linkedDirectory:
                    allSingle = false
                    _ = try fileSystem.entries(ofDirectory: path)
                case .regularFile:
                    _ = try fileSystem.open(path)
                    if AuditInput.isRecordsFileName(path) { allSingle = false } else { singleFiles += 1 }
                case .other:
                    if AuditInput.isRecordsFileName(path) { allSingle = false } else { singleFiles += 1 }
                }
            }
        }
        self.fileSystem = fileSystem
        self.filter = filter
        self.maximumRecordBytes = max(1, maximumRecordBytes)
        remaining = inputs.reversed()
        knownRecordCount = allSingle ? singleFiles : nil
    }

    /// The next record, or nil when every input is exhausted.
    ///
    /// - Returns: The next item in input order; read errors come back as items, so the stream goes on.
    public mutating func next() -> AuditItem? {
        while true {
            if let item = nextLine() { return item }
            if lines != nil { continue }
            if let item = nextInWalk() { return item }
            if !walk.isEmpty { continue }
            guard let input = remaining.popLast() else { return nil }
            if let item = start(input) { return item }
        }
    }

    /// Reads past the first `count` records without handing them out (a resumed audit skips what it committed),
    /// so the next one keeps its number in the whole input. Returns how many there were to skip.
    package mutating func skip(_ count: Int) -> Int {
        var skipped = 0
        while skipped < count, next() != nil { skipped += 1 }
        return skipped
    }

    /// True when the next record may have to wait for input: a records stream from a pipe or terminal with no
    /// complete line buffered, or the start of a records input. Single-receipt files are read to their end.
    package var nextMayWaitForInput: Bool {
        if let lines { return lines.reader.nextMayWait }
        if !walk.isEmpty { return false }
        switch remaining.last {
        case .path(let path): return path == "-" || AuditInput.isRecordsFileName(path)
        case .records: return true
        case nil: return false
        }
    }

    private mutating func makeItem(_ source: String, _ content: AuditItem.Content) -> AuditItem {
        produced += 1
        return AuditItem(number: produced, source: source, content: content)
    }

    /// Opens a named input; returns an item at once for a single-receipt file or a failure.
    private mutating func start(_ input: AuditInput) -> AuditItem? {
        switch input {
        case .records("-"), .path("-"):
            lines = (RecordLineReader(source: fileSystem.standardInput(), limit: maximumRecordBytes), "(stdin)")
            return nil
        case .records(let path):
            return openLines(path)
        case .path(let path):
            let kind: AuditFileKind
            do {
                kind = try fileSystem.kind(of: path)
            } catch {
                return makeItem(path, .unreadable(error.description))
            }
            switch kind {
            case .directory, .linkedDirectory:
                walkRoot = path.hasSuffix("/") ? path : path + "/"
                return enterDirectory(path)
            case .regularFile, .other:
                return AuditInput.isRecordsFileName(path) ? openLines(path) : readWholeFile(path)
            }
        }
    }

    private mutating func openLines(_ path: String) -> AuditItem? {
        do {
            lines = (RecordLineReader(source: try fileSystem.open(path), limit: maximumRecordBytes), path)
            return nil
        } catch {
            return makeItem(path, .unreadable(error.description))
        }
    }

    private mutating func nextLine() -> AuditItem? {
        guard var current = lines else { return nil }
        lines = nil
        let line: RecordLineReader.Line?
        do {
            line = try current.reader.next()
        } catch {
            // The rest of this file is lost; say where it stopped and go on with the next input.
            return makeItem(current.name, .unreadable("\(error) (after \(current.reader.bytesRead) bytes)"))
        }
        guard let line else { return nil }
        lines = current
        switch line {
        case .text(let bytes, let number):
            return makeItem("\(current.name):\(number)", .line(bytes, line: number))
        case .tooLong(let number, let length):
            return makeItem(
                "\(current.name):\(number)",
                .refused("line \(number) is \(length) bytes, over the record size limit of \(maximumRecordBytes) bytes"))
        }
    }

    private mutating func enterDirectory(_ path: String) -> AuditItem? {
        let names: [String]
        do {
            names = try fileSystem.entries(ofDirectory: path)
        } catch {
            return makeItem(path, .unreadable(error.description))
        }
        let base = path.hasSuffix("/") ? path : path + "/"
        var children: [(path: String, kind: AuditFileKind, sortKey: [UInt8])] = []
        for name in names where !name.hasPrefix(".") {
            let child = base + name
            let kind: AuditFileKind
            do {
                kind = try fileSystem.kind(of: child)
            } catch {
                // Listed but gone or unreadable: it still becomes a record, so nothing vanishes silently.
                kind = .regularFile
            }
            // A directory sorts as "name/", which makes sibling order equal to full-path byte order.
            children.append((child, kind, Array(name.utf8) + (kind == .directory ? [0x2F] : [])))
        }
        children.sort { $0.sortKey.lexicographicallyPrecedes($1.sortKey) }
        walk.append((children.map { ($0.path, $0.kind) }, 0))
        return nil
    }

    private mutating func nextInWalk() -> AuditItem? {
        guard let top = walk.indices.last else { return nil }
        guard walk[top].next < walk[top].children.count else {
            walk.removeLast()
            return nil
        }
        let child = walk[top].children[walk[top].next]
        walk[top].next += 1
        switch child.kind {
        case .regularFile:
            guard filter.admits(relativePath: String(child.path.dropFirst(walkRoot.count))) else { return nil }
            // As when named: a walked .jsonl or .b64l file holds one record per line (a .txt stays one receipt,
            // since receipts are often saved as wrapped base64 text).
            return AuditInput.isWalkedRecordsFileName(child.path) ? openLines(child.path) : readWholeFile(child.path)
        case .directory: return enterDirectory(child.path)
        case .linkedDirectory, .other: return nil
        }
    }

    private mutating func readWholeFile(_ path: String) -> AuditItem {
        do {
            let source = try fileSystem.open(path)
            var bytes: [UInt8] = []
            while true {
                let count = try source.read(into: &chunk)
                if count == 0 { break }
                bytes += chunk[0..<count]
                if bytes.count > maximumRecordBytes {
                    return makeItem(path, .refused("the file is over the record size limit of \(maximumRecordBytes) bytes"))
                }
            }
            return makeItem(path, .file(bytes))
        } catch {
            return makeItem(path, .unreadable(error.description))
        }
    }
}
