/// Apple's marker OIDs: the receipt-signing marker on the leaf and the WWDR marker on every intermediate, the
/// same for app receipts and StoreKit 2 (receipt-format.md §4.3, §7.1); an iOS 6 transaction receipt's leaf may
/// carry the older iTunes Store marker instead and its data embeds no intermediate (§6.9). The Xcode signer
/// carries none and is not asked for them.
struct MarkerPolicy: Hashable, Sendable {
    /// App receipts and StoreKit 2.
    static let apple = MarkerPolicy(iTunesStoreLeaf: false, intermediates: true)
    /// iOS 6 transaction receipts.
    static let transactionReceipt = MarkerPolicy(iTunesStoreLeaf: true, intermediates: false)

    /// The leaf may carry 1.2.840.113635.100.6.5.1 (iTunes Store receipt signing) instead of .6.11.1.
    let iTunesStoreLeaf: Bool
    /// The data embeds intermediates, each of which must carry the WWDR marker.
    let intermediates: Bool

    /// Apple's receipt-signing marker (1.2.840.113635.100.6.11.1) on the leaf.
    func leafCheck(_ path: [X509Certificate], xcodeShape: Bool) -> VerificationCheck {
        if xcodeShape {
            return VerificationCheck(.chainLeafMarker, .skip, "the StoreKit Testing certificate carries no Apple markers")
        }
        let leaf = path[0]
        if iTunesStoreLeaf {
            let has = leaf.hasExtension(.appleITunesStoreReceiptMarker) || leaf.hasExtension(.appleReceiptSigningMarker)
            return VerificationCheck(
                .chainLeafMarker, has ? .pass : .fail,
                "leaf \(has ? "carries" : "lacks") an Apple receipt marker (1.2.840.113635.100.6.5.1 or .6.11.1)")
        }
        let has = leaf.hasExtension(.appleReceiptSigningMarker)
        return VerificationCheck(
            .chainLeafMarker, has ? .pass : .fail,
            "leaf \(has ? "carries" : "lacks") 1.2.840.113635.100.6.11.1 (Apple receipt signing)")
    }

    /// Apple's WWDR marker (1.2.840.113635.100.6.2.1) on every intermediate, and at least one intermediate.
    func intermediateCheck(_ path: [X509Certificate], xcodeShape: Bool) -> VerificationCheck {
        if xcodeShape { return VerificationCheck(.chainIntermediateMarker, .skip, "no intermediate in the Xcode shape") }
        guard intermediates else {
            return VerificationCheck(.chainIntermediateMarker, .skip, "transaction receipts embed no intermediate")
        }
        let intermediates = path.count > 2 ? path[1..<(path.count - 1)] : []
        guard !intermediates.isEmpty else {
            return VerificationCheck(.chainIntermediateMarker, .fail, "there is no intermediate certificate")
        }
        let missing = intermediates.filter { !$0.hasExtension(.appleWWDRIntermediateMarker) }
        guard missing.isEmpty else {
            let names = missing.map(\.displayName).joined(separator: ", ")
            return VerificationCheck(
                .chainIntermediateMarker, .fail, "\(names) lacks 1.2.840.113635.100.6.2.1 (Apple WWDR intermediate)")
        }
        return VerificationCheck(.chainIntermediateMarker, .pass, "intermediate carries 1.2.840.113635.100.6.2.1 (Apple WWDR)")
    }
}
