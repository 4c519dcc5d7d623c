/// The chain from the signing certificate upward, built by issuer names among the embedded certificates and
/// ending at a self-signed certificate, at a user anchor that issued the top, or wherever names stop matching.
struct CertificatePath {
    /// Leaf first.
    let certificates: [X509Certificate]
    /// True when the last element was supplied by a trust anchor rather than embedded in the receipt.
    let topFromAnchor: Bool
    /// Embedded certificates that are not on the path (index into the container's list).
    let unusedIndexes: [Int]

    /// Longest path followed; longer ones are certainly not Apple's and cannot loop forever.
    static let maximumLength = 8

    init(leaf: X509Certificate, embedded: [X509Certificate], anchors: [TrustAnchor]) {
        var path = [leaf]
        var fromAnchor = false
        var current = leaf
        while !current.isSelfSigned, path.count < Self.maximumLength {
            if let parent = embedded.first(where: { candidate in
                current.isNamedIssued(by: candidate) && !path.contains { $0 === candidate }
            }) {
                path.append(parent)
                current = parent
                continue
            }
            if let anchor = anchors.compactMap(\.certificate).first(where: { current.isNamedIssued(by: $0) && !path.contains($0) }
            ) {
                path.append(anchor)
                fromAnchor = true
            }
            break
        }
        certificates = path
        topFromAnchor = fromAnchor
        unusedIndexes = embedded.indices.filter { index in !path.contains { $0 === embedded[index] } }
    }
}

extension Array where Element == X509Certificate {
    func contains(_ certificate: X509Certificate) -> Bool { contains { $0 === certificate } }
}
