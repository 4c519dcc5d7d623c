extension Verdict {
    /// The verdict of several items taken together: valid only when every one is. A forged or unreadable item
    /// makes the whole invalid; otherwise an untrusted one makes it untrusted, then one that could not be
    /// checked here makes it unverifiable. No items at all verify nothing, which is said as unverifiable.
    package static func combining(_ verdicts: [Verdict]) -> Verdict {
        guard !verdicts.isEmpty else { return .unverifiableHere }
        if verdicts.contains(where: { $0 == .invalid || $0 == .malformed }) { return .invalid }
        if verdicts.contains(.untrusted) { return .untrusted }
        if verdicts.contains(.unverifiableHere) { return .unverifiableHere }
        return .valid
    }
}
