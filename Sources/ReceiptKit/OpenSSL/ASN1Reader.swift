internal import COpenSSL

/// Reads BER and DER element headers with OpenSSL's `ASN1_get_object` and turns them into ``ASN1Node`` values.
///
/// The reader enforces what OpenSSL's header parser leaves to its caller: that every element fits inside its
/// parent, that indefinite lengths end with an end-of-contents marker, a nesting limit, and no trailing bytes.
package enum ASN1Reader {
    /// Deepest nesting accepted. Receipts and certificates stay below 15; hostile input gets a clean error.
    package static let maximumDepth = Limits.maximumASN1Depth

    /// Reads the single element that must make up all of `bytes`.
    package static func readRoot(_ bytes: [UInt8]) throws(ASN1Error) -> ASN1Node {
        guard !bytes.isEmpty else { throw .empty }
        let node = try readElement(in: ASN1Buffer(bytes), at: 0, limit: bytes.count, depth: 0)
        guard node.endOffset == bytes.count else {
            throw .trailingBytes(offset: node.endOffset, count: bytes.count - node.endOffset)
        }
        return node
    }

    /// Reads the element that starts at `offset` and must end at or before `limit`.
    static func readElement(in storage: ASN1Buffer, at offset: Int, limit: Int, depth: Int) throws(ASN1Error) -> ASN1Node {
        let header = try readHeader(storage.bytes, at: offset, limit: limit, depth: depth)
        let contentStart = offset + header.length
        guard let contentLength = header.contentLength else {
            // Indefinite length: the content runs until the end-of-contents marker that closes this level.
            var visited = 0
            let end = try endOfIndefiniteLength(
                in: storage, at: offset, contentStart: contentStart, limit: limit, depth: depth, visited: &visited)
            return ASN1Node(
                storage: storage, identifier: header.identifier, offset: offset, headerLength: header.length,
                declaredLength: nil, contentRange: contentStart..<(end - 2), endOffset: end, depth: depth)
        }
        return ASN1Node(
            storage: storage, identifier: header.identifier, offset: offset, headerLength: header.length,
            declaredLength: contentLength, contentRange: contentStart..<(contentStart + contentLength),
            endOffset: contentStart + contentLength, depth: depth)
    }

    /// The element at `offset` read as far as `limit` after reading it whole failed, for `dump` of a damaged
    /// input, which shows what it can: its header must be readable and within the depth limit, and its content is
    /// cut at `limit` (a definite length running past it, or an indefinite length with no end-of-contents marker
    /// before it). nil when not even the header can be read.
    static func readElementCut(in storage: ASN1Buffer, at offset: Int, limit: Int, depth: Int) -> ASN1Node? {
        let bytes = storage.bytes
        guard depth <= maximumDepth, offset < limit, limit <= bytes.count else { return nil }
        let (flags, tag, tagClass, length, openSSLHeaderLength) = openSSLHeader(bytes, at: offset, limit: limit)
        var headerLength = openSSLHeaderLength
        ERR_clear_error()
        let identifier: ASN1Identifier
        let declared: Int?
        if headerLength > 0 {
            identifier = ASN1Identifier(
                tagClass: Self.tagClass(fromOpenSSL: tagClass), tagNumber: Int(tag), isConstructed: flags & 0x20 != 0)
            declared = flags & 0x01 != 0 ? nil : length
        } else if let (plainLength, plainHeaderLength) = plainHeader(bytes, at: offset, limit: limit) {
            let first = bytes[offset]
            let classes: [ASN1TagClass] = [.universal, .application, .contextSpecific, .private]
            identifier = ASN1Identifier(
                tagClass: classes[Int(first >> 6)], tagNumber: Int(first & 0x1F), isConstructed: first & 0x20 != 0)
            headerLength = plainHeaderLength
            declared = plainLength
        } else {
            return nil
        }
        let contentStart = offset + headerLength
        guard contentStart <= limit else { return nil }
        return ASN1Node(
            storage: storage, identifier: identifier, offset: offset, headerLength: headerLength, declaredLength: declared,
            contentRange: contentStart..<limit, endOffset: limit, depth: depth)
    }

    /// An element's identifier and length octets.
    private struct Header {
        let identifier: ASN1Identifier
        /// Bytes taken by the identifier and length octets.
        let length: Int
        /// nil for the indefinite form.
        let contentLength: Int?
    }

    /// OpenSSL's reading of the header at `offset` (ASN1_get_object, bounded by `limit`): its flags (0x80 error,
    /// 0x20 constructed, 0x01 indefinite), tag, class (0x00, 0x40, 0x80, 0xC0 as in the identifier octet),
    /// declared length and the header's own length (0 when OpenSSL did not get past the header). Leaves
    /// OpenSSL's error queue to the caller. Internal so `DERHeaderTests` can hold ``DERHeader`` against it.
    @inline(__always)
    static func openSSLHeader(_ bytes: [UInt8], at offset: Int, limit: Int)
        -> (flags: Int32, tag: Int32, tagClass: Int32, length: Int, headerLength: Int)
    {
        var tag: Int32 = 0
        var tagClass: Int32 = 0
        var length = 0
        var headerLength = 0
        let flags: Int32 = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0x80 }
            var cursor: UnsafePointer<UInt8>? = base + offset
            let start = cursor
            let result = ASN1_get_object(&cursor, &length, &tag, &tagClass, limit - offset)
            if let cursor, let start { headerLength = cursor - start }
            return result
        }
        return (flags, tag, tagClass, length, headerLength)
    }

    /// ``openSSLHeader(_:at:limit:)`` with OpenSSL's error queue cleared after it, for callers that only compare.
    static func openSSLHeaderClearingErrors(_ bytes: [UInt8], at offset: Int, limit: Int)
        -> (flags: Int32, tag: Int32, tagClass: Int32, length: Int, headerLength: Int)
    {
        let header = openSSLHeader(bytes, at: offset, limit: limit)
        ERR_clear_error()
        return header
    }

    /// Reads the header at `offset`, checking the nesting limit and that a definite length fits before `limit`.
    @inline(__always)
    private static func readHeader(_ bytes: [UInt8], at offset: Int, limit: Int, depth: Int) throws(ASN1Error) -> Header {
        guard depth <= maximumDepth else { throw .nestingTooDeep(offset: offset, limit: maximumDepth) }
        guard offset < limit else { throw .invalidHeader(offset: offset) }
        let (flags, tag, tagClass, length, headerLength) = openSSLHeader(bytes, at: offset, limit: limit)
        if flags & 0x80 != 0 {
            ERR_clear_error()
            // OpenSSL advances past the header only when the header itself was readable.
            if headerLength > 0 {
                throw .lengthPastEnd(
                    offset: offset, length: length, available: limit - offset - headerLength,
                    within: limit == bytes.count ? "the input" : "its enclosing element")
            }
            // OpenSSL refuses some complete headers too (a long length with no content byte after it): read the
            // length here so the message says "runs past the end" rather than "invalid header" when it does.
            if let (declared, header) = plainHeader(bytes, at: offset, limit: limit) {
                throw .lengthPastEnd(
                    offset: offset, length: declared, available: limit - offset - header,
                    within: limit == bytes.count ? "the input" : "its enclosing element")
            }
            throw .invalidHeader(offset: offset)
        }
        let identifier = ASN1Identifier(
            tagClass: Self.tagClass(fromOpenSSL: tagClass), tagNumber: Int(tag), isConstructed: flags & 0x20 != 0)
        return Header(identifier: identifier, length: headerLength, contentLength: flags & 0x01 != 0 ? nil : length)
    }

    /// The end (past its end-of-contents marker) of the indefinite-length element at `offset`, found by walking
    /// its children, or remembered from an earlier walk; adds to `visited` how many elements the walk read.
    private static func endOfIndefiniteLength(
        in storage: ASN1Buffer, at offset: Int, contentStart: Int, limit: Int, depth: Int, visited: inout Int
    ) throws(ASN1Error) -> Int {
        if let known = storage.end(ofElementAt: offset, depth: depth), known <= limit {
            visited += 1
            return known
        }
        let bytes = storage.bytes
        var cursor = contentStart
        var children = 0
        var walked = 1
        while true {
            guard cursor + 1 < limit else { throw .missingEndOfContents(offset: offset) }
            if bytes[cursor] == 0, bytes[cursor + 1] == 0 { break }
            guard children < Limits.maximumElementsPerElement else {
                throw .tooManyElements(inElementAt: offset, nextAt: cursor)
            }
            children += 1
            let child = try readHeader(bytes, at: cursor, limit: limit, depth: depth + 1)
            let childContent = cursor + child.length
            if let length = child.contentLength {
                walked += 1
                cursor = childContent + length
            } else {
                cursor = try endOfIndefiniteLength(
                    in: storage, at: cursor, contentStart: childContent, limit: limit, depth: depth + 1, visited: &walked)
            }
        }
        let end = cursor + 2
        storage.record(end: end, ofElementAt: offset, depth: depth, visited: walked)
        visited += walked
        return end
    }

    /// The declared definite length and header size of a low-tag-number header, when the header bytes are all
    /// there and the length is larger than what follows; nil otherwise.
    private static func plainHeader(_ bytes: [UInt8], at offset: Int, limit: Int) -> (Int, Int)? {
        guard offset + 2 <= limit, bytes[offset] & 0x1F != 0x1F else { return nil }
        let first = bytes[offset + 1]
        if first < 0x80 { return Int(first) > limit - offset - 2 ? (Int(first), 2) : nil }
        let count = Int(first & 0x7F)
        guard count >= 1, count <= 8, offset + 2 + count <= limit else { return nil }
        var length: UInt64 = 0
        for byte in bytes[(offset + 2)..<(offset + 2 + count)] { length = length << 8 | UInt64(byte) }
        guard length <= UInt64(Int.max), Int(length) > limit - offset - 2 - count else { return nil }
        return (Int(length), 2 + count)
    }

    private static func tagClass(fromOpenSSL value: Int32) -> ASN1TagClass {
        switch value {
        case V_ASN1_APPLICATION: return .application
        case V_ASN1_CONTEXT_SPECIFIC: return .contextSpecific
        case V_ASN1_PRIVATE: return .private
        default: return .universal
        }
    }
}

extension ASN1Node {
    /// Reads the element that makes up all of `bytes`.
    package init(parsing bytes: [UInt8]) throws(ASN1Error) {
        self = try ASN1Reader.readRoot(bytes)
    }

    /// The direct children of a constructed element, in encoded order (at most
    /// ``Limits/maximumElementsPerElement``). Where only the first few matter, ``childReader()`` reads no more.
    package func children() throws(ASN1Error) -> [ASN1Node] {
        var result: [ASN1Node] = []
        var reader = childReader()
        while let child = try reader.next() { result.append(child) }
        return result
    }

    /// The first `maximum` direct children, or all of them when there are fewer: enough to tell "exactly two"
    /// from "more" without reading a hostile element's millions of children.
    package func children(upTo maximum: Int) throws(ASN1Error) -> [ASN1Node] {
        var result: [ASN1Node] = []
        var reader = childReader()
        while result.count < maximum, let child = try reader.next() { result.append(child) }
        return result
    }

    /// Reads the direct children one at a time, without building an array (the payload hot path).
    package func childReader() -> ASN1ChildReader { ASN1ChildReader(parent: self) }

    /// Reads the content octets of an OCTET STRING as one complete element (receipts wrap DER this way).
    ///
    /// A primitive OCTET STRING is read in place, so offsets in the result and in its errors stay offsets into
    /// the original input. A BER constructed OCTET STRING is first joined into a buffer of its own.
    package func parseContentAsElement() throws(ASN1Error) -> ASN1Node {
        guard identifier.isConstructed else {
            guard !contentRange.isEmpty else {
                throw .invalidContent(offset: offset, reason: "empty OCTET STRING where a DER element was expected")
            }
            let inner = try ASN1Reader.readElement(
                in: storage, at: contentRange.lowerBound, limit: contentRange.upperBound, depth: 0)
            guard inner.endOffset == contentRange.upperBound else {
                throw .trailingBytes(offset: inner.endOffset, count: contentRange.upperBound - inner.endOffset)
            }
            return inner
        }
        // Xcode's BER receipts wrap the payload in one primitive chunk: read it in place to keep offsets absolute.
        var chunks = childReader()
        if let only = try chunks.next(), try chunks.next() == nil, !only.identifier.isConstructed {
            return try only.parseContentAsElement()
        }
        // Several chunks are joined first; offsets inside then count from the start of the joined bytes.
        return try ASN1Reader.readRoot(try octetStringBytes())
    }
}
