/// The facts of StoreKit 2 input (one JWS, a notification body, an App Store Server API answer) as only its
/// signed items state them.
///
/// An App Store Server API answer or notification body is JSON around signed items; the client that hands it in
/// controls that JSON. So a fact that feeds a check, a signal or a count is read from the items' payloads, the
/// first item that states it deciding; a later item that states another value, or a body whose own unsigned
/// `bundleId`, `environment` or `appAppleId` differs from the signed one, is reported as a warning. Values
/// compare as bytes (``ExactString``).
extension InputFacts {
    /// Facts from `items` (in report order, nested items included), checked against `body` when there is one.
    /// The signing time is the first decoded item's `signedDate`; the transactions are the signed transactions,
    /// each with its own signed environment and bundle id.
    /// - Parameters:
    ///   - items: the verification reports of the signed items, nested ones included.
    ///   - body: the unsigned JSON body around them, when the input was one; only its claims are read.
    public init(items: [SignedDataReport], body: SignedDataBody? = nil) {
        var collector = SignedFactCollector()
        var signingTime: SigningTime?
        var firstDecoded = true
        var transactions: [TransactionFacts] = []
        // By index, reading only the fields needed: a loop over the items copied each report and its token.
        for index in items.indices {
            guard case .decoded(let jws) = items[index].content else { continue }
            let (path, kind) = (items[index].path, items[index].kind)
            let place = { (field: String) in path.isEmpty ? field : "\(path).\(field)" }
            let payload = jws.storeKit(expected: kind)
            collector.note(SignedPayloadFacts(payload), place: place)
            if firstDecoded {
                firstDecoded = false
                signingTime = jws.storeKit.signedDate.map { SigningTime($0, field: place("signedDate")) }
            }
            if kind == .transaction, let model = payload.transaction {
                transactions.append(TransactionFacts(model, path: path))
            }
        }
        var claims: [(key: String, value: String)] = []
        for fact in SignedFactCollector.Fact.allCases {
            guard let claim = body?.json[fact.rawValue]?.scalarText else { continue }
            claims.append((fact.rawValue, claim))
            collector.compare(claim: claim, fact)
        }
        self.init(
            kind: body.map { .signedDataBody($0.kind) } ?? .jws, bundleID: collector.first[.bundleID]?.value,
            environment: collector.first[.environment].map { InputEnvironment(rawValue: $0.value) },
            appAppleID: collector.first[.appAppleID].flatMap { Int64($0.value) }, signingTime: signingTime,
            transactions: transactions, unsignedClaims: claims, warnings: collector.listedWarnings)
    }
}
