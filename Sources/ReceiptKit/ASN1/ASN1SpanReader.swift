/// Reads elements as ``ASN1Span`` values over one buffer whose bytes stay pinned for the whole walk.
///
/// Plain DER headers are read by ``DERHeader``; every other header (and every refusal) goes to
/// ``ASN1Reader/readElement(in:at:limit:depth:)``, so what is accepted, the errors and their offsets are those of
/// the node reader. Build it inside ``ASN1Buffer/withSpanReader(_:)``: `bytes` must not outlive that call.
struct ASN1SpanReader {
    /// Not retained: the reader lives only inside ``ASN1Buffer/withSpanReader(_:)`` of this very buffer, and
    /// passing it around would otherwise retain and release the buffer at every call.
    unowned(unsafe) let storage: ASN1Buffer
    let bytes: UnsafeBufferPointer<UInt8>

    /// The element at `offset`, which must end at or before `limit`, `depth` levels below where reading started.
    @inline(__always)
    func element(at offset: Int, limit: Int, depth: Int) throws(ASN1Error) -> ASN1Span {
        if depth <= Limits.maximumASN1Depth, let header = DERHeader.read(bytes, at: offset, limit: limit) {
            return ASN1Span(header: header, at: offset, depth: depth)
        }
        return ASN1Span(try ASN1Reader.readElement(in: storage, at: offset, limit: limit, depth: depth))
    }

    /// The content octets of a primitive OCTET STRING read as one complete element, as
    /// ``ASN1Node/parseContentAsElement()`` reads them (depth 0, offsets into the same buffer).
    @inline(__always)
    func innerElement(of octets: ASN1Span) throws(ASN1Error) -> ASN1Span {
        guard octets.contentStart < octets.contentEnd else {
            throw .invalidContent(offset: octets.offset, reason: "empty OCTET STRING where a DER element was expected")
        }
        let inner = try element(at: octets.contentStart, limit: octets.contentEnd, depth: 0)
        guard inner.end == octets.contentEnd else {
            throw .trailingBytes(offset: inner.end, count: octets.contentEnd - inner.end)
        }
        return inner
    }

    /// The value of an INTEGER that fits in 64 bits, with ``ASN1Node/int64Value()``'s checks and errors.
    @inline(__always)
    func int64Value(_ span: ASN1Span) throws(ASN1Error) -> Int64 {
        try span.expect(.integer)
        let count = span.contentEnd - span.contentStart
        guard count > 0 else { throw .invalidContent(offset: span.offset, reason: "INTEGER with no content octets") }
        guard count <= 8 else {
            throw .invalidContent(offset: span.offset, reason: "INTEGER of \(count) bytes does not fit in 64 bits")
        }
        var value: Int64 = bytes[span.contentStart] & 0x80 != 0 ? -1 : 0
        for index in span.contentStart..<span.contentEnd { value = (value << 8) | Int64(bytes[index]) }
        return value
    }

    /// Whether the element is a primitive universal string type whose bytes are UTF-8, as
    /// ``ASN1Node/stringValue`` decides it, without making the String.
    @inline(__always)
    func isUTF8String(_ span: ASN1Span) -> Bool {
        guard span.identifier.tagClass == .universal, !span.identifier.isConstructed,
            ASN1Node.isStringTag(span.identifier.tagNumber)
        else { return false }
        let text = UnsafeBufferPointer(rebasing: bytes[span.contentStart..<span.contentEnd])
        return Self.isASCII(text) || String(validating: text, as: UTF8.self) != nil
    }

    /// Whether every byte is below 0x80, tested eight at a time: nearly every receipt string is ASCII, and a big
    /// receipt has thousands of them.
    @inline(__always)
    static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(text)
        var high: UInt64 = 0
        var index = 0
        while raw.count - index >= 8 {
            high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < raw.count {
            high |= UInt64(raw[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Reads the direct children of `parent` in order, as ``ASN1ChildReader`` does (same limit, same errors).
    struct Children {
        let parent: ASN1Span
        var cursor: Int
        var count = 0

        init(_ parent: ASN1Span) {
            self.parent = parent
            cursor = parent.identifier.isConstructed ? parent.contentStart : parent.contentEnd
        }

        @inline(__always)
        mutating func next(_ reader: ASN1SpanReader) throws(ASN1Error) -> ASN1Span? {
            guard cursor < parent.contentEnd else { return nil }
            guard count < Limits.maximumElementsPerElement else {
                throw .tooManyElements(inElementAt: parent.offset, nextAt: cursor)
            }
            let child = try reader.element(at: cursor, limit: parent.contentEnd, depth: parent.depth + 1)
            cursor = child.end
            count += 1
            return child
        }

        /// The next child, or ``ASN1ChildReader/next(expecting:)``'s error when there is none.
        @inline(__always)
        mutating func next(_ reader: ASN1SpanReader, expecting what: String) throws(ASN1Error) -> ASN1Span {
            guard let child = try next(reader) else { throw .missingElement(offset: parent.offset, expected: what) }
            return child
        }
    }
}

extension ASN1Buffer {
    /// Runs `body` with a span reader over these bytes, pinned for the whole call.
    func withSpanReader<Result>(_ body: (ASN1SpanReader) throws(ASN1Error) -> Result) throws(ASN1Error) -> Result {
        let outcome: Swift.Result<Result, ASN1Error> = bytes.withUnsafeBufferPointer { pointer in
            do throws(ASN1Error) {
                return .success(try body(ASN1SpanReader(storage: self, bytes: pointer)))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}
