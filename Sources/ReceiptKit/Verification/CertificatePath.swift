/// The chain from the signing certificate upward, built by issuer names among the embedded certificates and
/// ending at a self-signed certificate, at a user anchor that issued the top, or wherever names stop matching:
/// the path ``PathShapePolicy`` judges and OpenSSL's verifier validates (``X509PathValidation``).
struct CertificatePath {
    /// Leaf first.
    private(set) var certificates: [X509Certificate]
    /// True when the last element was supplied by a trust anchor rather than embedded in the data.
    let topFromAnchor: Bool
    /// The embedded root that an anchor's certificate replaced (``replacingRoot(anchors:linkCache:)``).
    private(set) var replacedRoot: X509Certificate?
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

    /// As Apple's StoreKit 2 library does: when the embedded root is no anchor but an anchor's certificate
    /// signed the certificate below it, that anchor stands in for the root (Apple's test CA was re-issued with
    /// the same key, so its old files carry another root).
    func replacingRoot(anchors: AnchorPolicy, linkCache: LinkSignatureCache) -> CertificatePath {
        guard let top = certificates.last, certificates.count >= 2, !topFromAnchor, anchors.pinned(top) == nil else {
            return self
        }
        let below = certificates[certificates.count - 2]
        let standIn = anchors.certificates.first { candidate in
            below.isNamedIssued(by: candidate) && linkCache.outcome(child: below, issuer: candidate) == .valid
        }
        guard let standIn else { return self }
        var path = self
        path.certificates[certificates.count - 1] = standIn
        path.replacedRoot = top
        return path
    }
}

extension Array where Element == X509Certificate {
    func contains(_ certificate: X509Certificate) -> Bool { contains { $0 === certificate } }
}
