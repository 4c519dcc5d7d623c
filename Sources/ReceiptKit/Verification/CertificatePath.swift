/// The chain from the signing certificate upward, built by issuer names among the embedded certificates and
/// ending at a self-signed certificate, at a user anchor that issued the top, or wherever names stop matching.
struct CertificatePath {
    /// Leaf first.
    let certificates: [X509Certificate]
    /// True when the last element was supplied by a trust anchor rather than embedded in the receipt.
    let topFromAnchor: Bool
    /// For each certificate of the path, its index in the container's list; nil for an anchor that completed it.
    let embeddedIndexes: [Int?]
    /// Embedded certificates that are not on the path (index into the container's list). Positions count, not
    /// certificates: a second copy of a certificate on the path is left over, as the README promises.
    let unusedIndexes: [Int]

    /// Longest path followed; longer ones are certainly not Apple's and cannot loop forever.
    static let maximumLength = 8

    init(leaf: X509Certificate, embedded: [X509Certificate], anchors: [TrustAnchor]) {
        var path = [leaf]
        var indexes: [Int?] = [embedded.firstIndex { $0 === leaf }]
        var fromAnchor = false
        var current = leaf
        while !current.isSelfSigned, path.count < Self.maximumLength {
            if let index = embedded.indices.first(where: { index in
                !indexes.contains(index) && current.isNamedIssued(by: embedded[index]) && !path.contains(embedded[index])
            }) {
                path.append(embedded[index])
                indexes.append(index)
                current = embedded[index]
                continue
            }
            if let anchor = anchors.compactMap(\.certificate).first(where: { current.isNamedIssued(by: $0) && !path.contains($0) }
            ) {
                path.append(anchor)
                indexes.append(nil)
                fromAnchor = true
            }
            break
        }
        certificates = path
        topFromAnchor = fromAnchor
        embeddedIndexes = indexes
        unusedIndexes = embedded.indices.filter { !indexes.contains($0) }
    }
}

extension Array where Element == X509Certificate {
    func contains(_ certificate: X509Certificate) -> Bool { contains { $0 === certificate } }
}
