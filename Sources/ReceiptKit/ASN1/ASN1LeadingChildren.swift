/// The first one to three direct children of an element, held inline rather than in an array.
///
/// The container's small SEQUENCEs (ContentInfo, AlgorithmIdentifier, issuerAndSerialNumber ...) are read as
/// "the first few children, and how many there were up to one too many". ``ASN1Node/children(upTo:)`` answers
/// that with an array, one allocation per element of every receipt; this reads the same children in the same
/// order, so it throws the same errors, and keeps them in three fields.
struct ASN1LeadingChildren {
    /// How many children were read: all of them, or `maximum` when there may be more.
    let count: Int
    let first: ASN1Node?
    let second: ASN1Node?
    let third: ASN1Node?
}

extension ASN1Node {
    /// The first `maximum` (1 to 3) direct children, or all of them when there are fewer; what
    /// ``children(upTo:)`` returns, without the array.
    func leadingChildren(upTo maximum: Int) throws(ASN1Error) -> ASN1LeadingChildren {
        var reader = childReader()
        let first = maximum >= 1 ? try reader.next() : nil
        let second = maximum >= 2 && first != nil ? try reader.next() : nil
        let third = maximum >= 3 && second != nil ? try reader.next() : nil
        let count = third != nil ? 3 : second != nil ? 2 : first != nil ? 1 : 0
        return ASN1LeadingChildren(count: count, first: first, second: second, third: third)
    }
}
