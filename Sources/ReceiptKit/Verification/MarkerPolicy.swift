/// Apple's marker OIDs, the same for both eras: the receipt-signing marker on the leaf and the WWDR marker on
/// every intermediate (receipt-format.md §4.3, §7.1). The Xcode signer carries none and is not asked for them.
struct MarkerPolicy: Hashable, Sendable {
    static let apple = MarkerPolicy()

    /// Apple's receipt-signing marker (1.2.840.113635.100.6.11.1) on the leaf.
    func leafCheck(_ path: [X509Certificate], xcodeShape: Bool) -> VerificationCheck {
        if xcodeShape {
            return VerificationCheck(.chainLeafMarker, .skip, "the StoreKit Testing certificate carries no Apple markers")
        }
        let has = path[0].hasExtension(.appleReceiptSigningMarker)
        return VerificationCheck(
            .chainLeafMarker, has ? .pass : .fail,
            "leaf \(has ? "carries" : "lacks") 1.2.840.113635.100.6.11.1 (Apple receipt signing)")
    }

    /// Apple's WWDR marker (1.2.840.113635.100.6.2.1) on every intermediate, and at least one intermediate.
    func intermediateCheck(_ path: [X509Certificate], xcodeShape: Bool) -> VerificationCheck {
        if xcodeShape { return VerificationCheck(.chainIntermediateMarker, .skip, "no intermediate in the Xcode shape") }
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
