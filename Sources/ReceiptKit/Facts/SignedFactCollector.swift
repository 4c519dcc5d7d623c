/// The first signed value of each app fact among StoreKit 2 items, and the disagreements found so far, each in
/// one sentence naming the paths involved (``InputFacts/init(items:body:)``).
struct SignedFactCollector {
    /// The facts, under the names Apple's bodies give them.
    enum Fact: String, CaseIterable {
        case bundleID = "bundleId"
        case environment
        case appAppleID = "appAppleId"
    }

    /// At most this many disagreements are listed one by one; the rest are counted.
    static let warningLimit = 8

    private(set) var first: [Fact: (value: String, place: String)] = [:]
    private var warnings: [String] = []
    private var unlisted = 0

    /// The warnings, the ones past ``warningLimit`` counted in a last line.
    var listedWarnings: [String] { warnings + (unlisted > 0 ? ["and \(unlisted) more disagreement(s)"] : []) }

    /// Notes the facts one item states, `place` turning a payload path into a path in the input.
    mutating func note(_ facts: SignedPayloadFacts, place: (String) -> String) {
        note(.bundleID, facts.bundleID.map { ($0.value, place($0.path)) })
        note(.environment, facts.environment.map { ($0.value.rawValue, place($0.path)) })
        note(.appAppleID, facts.appAppleID.map { (String($0.value), place($0.path)) })
    }

    mutating func compare(claim: String, _ fact: Fact) {
        // A claim no signed item confirms (Apple's histories carry appAppleId only in the body) stays a claim.
        guard let signed = first[fact], !signed.value.isByteEqual(to: claim) else { return }
        warn(
            "the unsigned body says \(fact.rawValue) \(claim) where \(signed.place) is \(signed.value); the signed value is used")
    }

    private mutating func note(_ fact: Fact, _ found: (value: String, place: String)?) {
        guard let found else { return }
        guard let earlier = first[fact] else {
            first[fact] = found
            return
        }
        guard !earlier.value.isByteEqual(to: found.value) else { return }
        warn("\(found.place) is \(found.value) where \(earlier.place) is \(earlier.value)")
    }

    private mutating func warn(_ text: String) {
        if warnings.count < Self.warningLimit { warnings.append(text) } else { unlisted += 1 }
    }
}
