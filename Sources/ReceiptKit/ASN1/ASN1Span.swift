/// Where one element sits in a buffer, without a reference to the buffer: the payload walk reads thousands of
/// these, and an ``ASN1Node`` would retain and release the shared buffer for each copy.
struct ASN1Span {
    let identifier: ASN1Identifier
    /// Offset of the identifier octet.
    let offset: Int
    /// First content byte.
    let contentStart: Int
    /// One past the last content byte (before the end-of-contents marker of an indefinite length).
    let contentEnd: Int
    /// One past the whole element.
    let end: Int
    /// Nesting depth below the element the read started at, as ``ASN1Node/depth``.
    let depth: Int
    /// The declared content length, nil for the indefinite form.
    let declaredLength: Int?

    init(
        identifier: ASN1Identifier, offset: Int, contentStart: Int, contentEnd: Int, end: Int, depth: Int,
        declaredLength: Int?
    ) {
        self.identifier = identifier
        self.offset = offset
        self.contentStart = contentStart
        self.contentEnd = contentEnd
        self.end = end
        self.depth = depth
        self.declaredLength = declaredLength
    }

    init(header: DERHeader, at offset: Int, depth: Int) {
        identifier = header.identifier
        self.offset = offset
        contentStart = offset + header.length
        contentEnd = contentStart + header.contentLength
        end = contentEnd
        self.depth = depth
        declaredLength = header.contentLength
    }

    init(_ node: ASN1Node) {
        identifier = node.identifier
        offset = node.offset
        contentStart = node.contentRange.lowerBound
        contentEnd = node.contentRange.upperBound
        end = node.endOffset
        depth = node.depth
        declaredLength = node.declaredLength
    }

    var contentRange: Range<Int> { contentStart..<contentEnd }

    /// The same element as a node over `storage`, the buffer it was read from.
    func node(in storage: ASN1Buffer) -> ASN1Node {
        ASN1Node(
            storage: storage, identifier: identifier, offset: offset, headerLength: contentStart - offset,
            declaredLength: declaredLength, contentRange: contentRange, endOffset: end, depth: depth)
    }

    /// Throws the error ``ASN1Node/expect(_:_:)`` throws, unless the element has `expected` as its tag.
    @inline(__always)
    func expect(_ expected: ASN1Identifier, _ what: String? = nil) throws(ASN1Error) {
        guard identifier == expected else {
            throw .unexpectedTag(
                offset: offset, expected: what.map { "\($0) (\(expected.name))" } ?? expected.name, found: identifier.name)
        }
    }
}
