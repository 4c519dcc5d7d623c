/// Yields the children of a constructed element in order; nil once the content is used up.
package struct ASN1ChildReader {
    let parent: ASN1Node
    var cursor: Int
    /// Children read so far, against ``Limits/maximumElementsPerElement``.
    var count = 0

    init(parent: ASN1Node) {
        self.parent = parent
        // A primitive element has no children: start at the end.
        cursor = parent.identifier.isConstructed ? parent.contentRange.lowerBound : parent.contentRange.upperBound
    }

    @inline(__always)
    package mutating func next() throws(ASN1Error) -> ASN1Node? {
        guard cursor < parent.contentRange.upperBound else { return nil }
        guard count < Limits.maximumElementsPerElement else {
            throw .tooManyElements(inElementAt: parent.offset, nextAt: cursor)
        }
        let child = try ASN1Reader.readElement(
            in: parent.storage, at: cursor, limit: parent.contentRange.upperBound, depth: parent.depth + 1)
        cursor = child.endOffset
        count += 1
        return child
    }

    /// The next child, or an error naming `what` was expected when there is none.
    @inline(__always)
    package mutating func next(expecting what: String) throws(ASN1Error) -> ASN1Node {
        guard let child = try next() else { throw .missingElement(offset: parent.offset, expected: what) }
        return child
    }
}
