import ReceiptKit

/// Splits a byte stream into lines without holding more than one line (plus one read chunk) in memory.
///
/// Lines end at `\n`; a trailing `\r` is dropped, and lines holding only whitespace are skipped though they
/// still count for line numbers, so a number always names the line a text editor shows. A line longer than the
/// limit is not buffered: its bytes are skipped up to the next line break and it is reported with its length.
package struct RecordLineReader {
    /// One line of the stream.
    package enum Line: Equatable {
        case text([UInt8], number: Int)
        /// A line of `length` bytes, over the limit; its content was skipped.
        case tooLong(number: Int, length: Int)
    }

    private let source: any AuditByteSource
    private let limit: Int
    /// The reusable read buffer; only what a read returned is appended to `buffer`.
    private var chunk: [UInt8]
    private var buffer: [UInt8] = []
    /// Start of the unconsumed bytes in `buffer`.
    private var start = 0
    private var lineNumber = 0
    private var atEnd = false
    /// Bytes consumed so far, for progress.
    package private(set) var bytesRead = 0

    package init(source: any AuditByteSource, limit: Int, chunkSize: Int = 65_536) {
        self.source = source
        self.limit = max(1, limit)
        chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
    }

    /// True when ``next()`` may wait for a writer: the next line is not buffered yet and the source has nothing
    /// to read now (a quiet pipe or terminal). The audit flushes its output before such a read, and only then.
    var nextMayWait: Bool { !atEnd && Self.firstNewline(in: buffer, from: start) == nil && source.nextReadMayWait }

    /// The next non-blank line, or nil at the end of the stream.
    package mutating func next() throws(AuditInputError) -> Line? {
        while true {
            guard let line = try nextRaw() else { return nil }
            if case .text(let bytes, _) = line, bytes.allSatisfy(Self.isWhitespace) { continue }
            return line
        }
    }

    private mutating func nextRaw() throws(AuditInputError) -> Line? {
        var scanFrom = start
        while true {
            if let newline = Self.firstNewline(in: buffer, from: scanFrom) {
                lineNumber += 1
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return lineOrTooLong(line)
            }
            if buffer.count - start > limit {
                // Over the limit and no line break yet: drop what is buffered and skip to the line break.
                lineNumber += 1
                let number = lineNumber
                let length = try skipRestOfLine(alreadySeen: buffer.count - start)
                return .tooLong(number: number, length: length)
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                lineNumber += 1
                let line = Array(buffer[start...])
                start = buffer.count
                return lineOrTooLong(line)
            }
            // Bytes already searched are not searched again after the buffer is compacted and refilled.
            let searched = buffer.count - start
            try fill()
            scanFrom = start + searched
        }
    }

    private func lineOrTooLong(_ line: [UInt8]) -> Line {
        var text = line
        if text.last == 0x0D { text.removeLast() }
        return text.count > limit ? .tooLong(number: lineNumber, length: text.count) : .text(text, number: lineNumber)
    }

    /// Reads one more chunk, first moving the unconsumed bytes to the front of the buffer.
    private mutating func fill() throws(AuditInputError) {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        let read = try source.read(into: &chunk)
        buffer.append(contentsOf: chunk[0..<read])
        bytesRead += read
        if read == 0 { atEnd = true }
    }

    /// Discards bytes up to and including the next line break; returns the line's full length.
    private mutating func skipRestOfLine(alreadySeen: Int) throws(AuditInputError) -> Int {
        var length = alreadySeen
        buffer.removeAll(keepingCapacity: true)
        start = 0
        while true {
            try fill()
            if let newline = Self.firstNewline(in: buffer, from: 0) {
                length += newline
                start = newline + 1
                return length
            }
            length += buffer.count
            buffer.removeAll(keepingCapacity: true)
            if atEnd { return length }
        }
    }

    private static func firstNewline(in buffer: [UInt8], from index: Int) -> Int? {
        guard index < buffer.count else { return nil }
        return InputDecoder.nextByte(0x0A, in: buffer[index...])
    }

    package static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}
