import ReceiptKit

/// StoreKit 2 records: a JWS (with its nested items) or an App Store Server API answer, verified item by item as
/// `verify` does, so a batch of either era is audited the same way and transaction ids are compared across eras.
extension AuditRecord {
    /// Verifies `document` when it is StoreKit 2 signed data and fills the record; false for any other kind.
    mutating func fill(
        signedData document: ReceiptDecoder.Document, policy: VerificationPolicy,
        linkCache: LinkSignatureCache, cache: CertificateCache
    ) -> Bool {
        let verifier = SignedDataVerifier(policy: policy, linkCache: linkCache, cache: cache)
        let items: [SignedDataReport]
        let verdict: Verdict?
        switch document {
        case .jws(let jws):
            let report = verifier.verify(jws)
            items = report.allItems
            verdict = report.verdict
            // Both digests come from CompactJWS's one pass over the token; hashing here is the fallback.
            receiptSHA256 = jws.tokenSHA256?.hexString() ?? Self.sha256Hex(Array(jws.token.utf8))
            // What the signature covers: the content identity, as the payload is for a receipt.
            payloadSHA256 = jws.signingInputSHA256?.hexString() ?? Self.sha256Hex(jws.signingInput)
            // The report's facts (``SignedDataReport/facts``) from the items already listed, not listed again.
            fill(facts: InputFacts(items: items))
        case .signedDataBody(let body):
            let report = verifier.verify(body)
            items = report.items.flatMap(\.allItems)
            verdict = report.verdict
            fill(facts: InputFacts(items: items, body: body))
        case .appReceipt, .transactionReceipt:
            return false
        }
        self.verdict = AuditVerdict(verdict ?? .unverifiableHere)
        var seen = Set<CheckID>()
        failedChecks = items.flatMap { $0.report?.problemCheckIDs ?? [] }.filter { seen.insert($0).inserted }.map {
            .known($0)
        }
        // An item that does not decode was never checked: the record says so, and never feeds the indexes.
        for item in items {
            guard case .undecodable(let failure) = item.content else { continue }
            let place = item.path.isEmpty ? "the signed item" : "the signed item at \(item.path)"
            error = AuditRecordError(message: "\(place) is not a readable JWS: \(failure.description)")
            break
        }
        return true
    }
}
