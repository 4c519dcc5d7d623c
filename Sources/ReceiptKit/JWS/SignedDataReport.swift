/// One StoreKit 2 signed item where it was found: decoded (or why not), its verification when one was asked
/// for, and the signed items nested in its payload (a notification's transaction and renewal info), each with
/// its own report.
public struct SignedDataReport: Sendable {
    /// How far the item could be read.
    public enum Content: Sendable {
        /// The item decoded as a compact JWS; its checks, if asked for, are in ``SignedDataReport/report``.
        case decoded(CompactJWS)
        /// The item is not a readable compact JWS.
        case undecodable(DecodeError)
        /// The item was not decoded or checked (nested past the walker's depth limit); why, in words.
        case notExamined(String)
    }

    /// Where the item sits: "" for a JWS handed in on its own, else a path such as `signedPayload`,
    /// `data.signedTransactionInfo` or `data[0].lastTransactions[1].signedRenewalInfo`.
    public let path: String
    /// What the payload is, from its fields, or from where it sits when they do not say.
    public let kind: SignedDataKind
    /// The decoded token, or why there is none.
    public let content: Content
    /// The item's own checks; nil when the item was only decoded, or could not be.
    public let report: VerificationReport?
    /// Signed items inside this one's payload, in a fixed order (transaction, renewal info, app transaction).
    public let nested: [SignedDataReport]
    /// Apple's subscription status beside the item in a Get All Subscription Statuses answer (1-5).
    public let appleStatus: Int64?

    package init(
        path: String, kind: SignedDataKind, content: Content, report: VerificationReport?, nested: [SignedDataReport],
        appleStatus: Int64? = nil
    ) {
        self.path = path
        self.kind = kind
        self.content = content
        self.report = report
        self.nested = nested
        self.appleStatus = appleStatus
    }

    /// The decoded token, or nil when the item was unreadable or not examined.
    public var jws: CompactJWS? {
        if case .decoded(let jws) = content { return jws }
        return nil
    }

    /// The item's own verdict, without its nested items: `malformed` when it does not decode, nil when only
    /// decoded.
    public var ownVerdict: Verdict? {
        if case .undecodable = content { return .malformed }
        if case .notExamined = content { return .unverifiableHere }
        return report?.verdict
    }

    /// Valid only if the item and every item nested in it are valid; nil when only decoded.
    public var verdict: Verdict? {
        guard let own = ownVerdict else { return nil }
        return Verdict.combining([own] + nested.compactMap(\.verdict))
    }

    /// Where the item and the items nested in it disagree on bundle id, environment or app Apple id (a
    /// notification for one app nesting another app's Sandbox transaction), one sentence each.
    public var notes: [String] { facts.warnings }

    /// The facts of this item and the items nested in it (``InputFacts/init(items:body:)``).
    public var facts: InputFacts { InputFacts(items: allItems) }

    /// This item and everything nested in it, depth first.
    public var allItems: [SignedDataReport] {
        // Into one list: `[self] + nested.flatMap(\.allItems)` made and copied a list per level.
        var items: [SignedDataReport] = []
        items.reserveCapacity(1 + nested.count)
        appendAll(to: &items)
        return items
    }

    private func appendAll(to items: inout [SignedDataReport]) {
        items.append(self)
        for item in nested { item.appendAll(to: &items) }
    }
}
