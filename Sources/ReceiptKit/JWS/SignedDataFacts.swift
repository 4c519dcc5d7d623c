/// The app facts of StoreKit 2 input (bundle id, environment, app Apple id) as only its signed items state them,
/// and where the input disagrees with itself.
///
/// An App Store Server API answer or notification body is JSON around signed items; the client that hands it in
/// controls that JSON. So a fact that feeds a check, a signal or a count is read from the items' payloads, the
/// first item that states it deciding; a later item that states another value, or a body whose own unsigned
/// `bundleId`, `environment` or `appAppleId` differs from the signed one, is reported as a warning. Values
/// compare as bytes (``ExactString``).
public struct SignedDataFacts: Sendable, Equatable {
    public let bundleID: String?
    public let environment: String?
    public let appAppleID: Int64?
    /// What the unsigned body around the items says of itself, where it says anything (`bundleId`,
    /// `environment`, `appAppleId`, as text); shown as a claim, never used as a fact.
    public let unsignedClaims: [(key: String, value: String)]
    /// Disagreements, each in one sentence naming the paths involved.
    public let warnings: [String]

    /// At most this many disagreements are listed one by one; the rest are counted.
    static let warningLimit = 8

    /// Facts from `items` (in report order, nested items included), checked against `body` when there is one.
    public init(items: [SignedDataReport], body: SignedDataBody? = nil) {
        var collector = Collector()
        for item in items {
            guard let jws = item.jws else { continue }
            let facts = SignedPayloadFacts(jws.storeKit(expected: item.kind))
            let place = { (path: String) in item.path.isEmpty ? path : "\(item.path).\(path)" }
            collector.note(.bundleID, facts.bundleID.map { ($0.value, place($0.path)) })
            collector.note(.environment, facts.environment.map { ($0.value, place($0.path)) })
            collector.note(.appAppleID, facts.appAppleID.map { (String($0.value), place($0.path)) })
        }
        bundleID = collector.first[.bundleID]?.value
        environment = collector.first[.environment]?.value
        appAppleID = collector.first[.appAppleID].flatMap { Int64($0.value) }
        var claims: [(key: String, value: String)] = []
        for fact in Fact.allCases {
            guard let claim = body?.json[fact.rawValue]?.scalarText else { continue }
            claims.append((fact.rawValue, claim))
            collector.compare(claim: claim, fact)
        }
        unsignedClaims = claims
        warnings = collector.warnings + (collector.unlisted > 0 ? ["and \(collector.unlisted) more disagreement(s)"] : [])
    }

    public static func == (lhs: SignedDataFacts, rhs: SignedDataFacts) -> Bool {
        lhs.bundleID == rhs.bundleID && lhs.environment == rhs.environment && lhs.appAppleID == rhs.appAppleID
            && lhs.warnings == rhs.warnings && lhs.unsignedClaims.map(\.key) == rhs.unsignedClaims.map(\.key)
            && lhs.unsignedClaims.map(\.value) == rhs.unsignedClaims.map(\.value)
    }

    /// The facts, under the names Apple's bodies give them.
    private enum Fact: String, CaseIterable {
        case bundleID = "bundleId"
        case environment
        case appAppleID = "appAppleId"
    }

    /// The first signed value of each fact and the disagreements found so far.
    private struct Collector {
        var first: [Fact: (value: String, place: String)] = [:]
        var warnings: [String] = []
        var unlisted = 0

        mutating func note(_ fact: Fact, _ found: (value: String, place: String)?) {
            guard let found else { return }
            guard let earlier = first[fact] else {
                first[fact] = found
                return
            }
            guard !earlier.value.isByteEqual(to: found.value) else { return }
            warn("\(found.place) is \(found.value) where \(earlier.place) is \(earlier.value)")
        }

        mutating func compare(claim: String, _ fact: Fact) {
            // A claim no signed item confirms (Apple's histories carry appAppleId only in the body) stays a claim.
            guard let signed = first[fact], !signed.value.isByteEqual(to: claim) else { return }
            warn(
                "the unsigned body says \(fact.rawValue) \(claim) where \(signed.place) is \(signed.value); the signed value is used"
            )
        }

        private mutating func warn(_ text: String) {
            if warnings.count < SignedDataFacts.warningLimit { warnings.append(text) } else { unlisted += 1 }
        }
    }
}
