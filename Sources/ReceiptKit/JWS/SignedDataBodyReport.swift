/// An App Store Server API answer or notification body with a report for each signed item in it.
public struct SignedDataBodyReport: Sendable {
    /// The answer or body the items were found in, as received.
    public let body: SignedDataBody
    /// In body order, each with its nested items.
    public let items: [SignedDataReport]
    /// False when the items were only decoded.
    public let verified: Bool

    package init(body: SignedDataBody, items: [SignedDataReport], verified: Bool) {
        self.body = body
        self.items = items
        self.verified = verified
    }

    /// Valid only if every signed item (and everything nested in them) is valid; a body without any signed item
    /// verifies nothing and is `unverifiable_here`. Nil when only decoded.
    public var verdict: Verdict? {
        verified ? Verdict.combining(items.compactMap(\.verdict)) : nil
    }

    /// The app facts as the signed items state them, and where the body or the items disagree.
    public var facts: InputFacts { InputFacts(items: items.flatMap(\.allItems), body: body) }

    /// Facts worth stating about the body as a whole.
    public var notes: [String] {
        var notes: [String] = []
        if items.isEmpty { notes.append("the body carries no signed item: nothing in it is signed, so nothing was verified") }
        if body.kind != .notification {
            notes.append("the body around the signed items is not signed; only the items' own payloads are verified facts")
        }
        return notes + facts.warnings
    }
}
