/// Decodes StoreKit 2 signed items and the items nested in their payloads, verifying each when given a
/// verifier. Shared by ``SignedDataVerifier`` and ``SignedDataDecoder`` so both see the same tree.
///
/// Apple's own library verifies only a notification's outer `signedPayload` and hands its nested transaction
/// and renewal info back unverified (receipt-format.md §13); here every nested item gets its own report.
struct SignedDataWalker: Sendable {
    let verifier: JWSVerifier?
    let cache: CertificateCache

    /// Where nested signed items sit in a payload (notifications, §7.6), in report order.
    static let nestedItems: [(section: String, key: String, kind: SignedDataKind)] = [
        ("data", "signedTransactionInfo", .transaction),
        ("data", "signedRenewalInfo", .renewalInfo),
        ("appData", "signedAppTransactionInfo", .appTransaction),
    ]

    /// Apple nests one level (notification -> transaction); a forged payload could nest without end.
    static let maximumDepth = 3

    func item(_ jws: CompactJWS, path: String, expected: SignedDataKind?, appleStatus: Int64?, depth: Int = 0)
        -> SignedDataReport
    {
        let kind = jws.storeKit(expected: expected).kind
        var nested: [SignedDataReport] = []
        for (section, key, nestedKind) in Self.nestedItems {
            guard let value = jws.payload[section]?[key] else { continue }
            let nestedPath = path.isEmpty ? "\(section).\(key)" : "\(path).\(section).\(key)"
            guard depth < Self.maximumDepth else {
                // Not looked into, so not vouched for: the verdict cannot be valid.
                let why = "nested \(depth + 1) levels deep, past the limit of \(Self.maximumDepth): not decoded or checked"
                nested.append(
                    SignedDataReport(path: nestedPath, kind: nestedKind, content: .notExamined(why), report: nil, nested: []))
                continue
            }
            nested.append(item(value, path: nestedPath, expected: nestedKind, appleStatus: nil, depth: depth + 1))
        }
        let nestedTime = jws.payload["signedDate"] == nil ? Self.latestVerifiedSignedDate(nested) : nil
        return SignedDataReport(
            path: path, kind: kind, content: .decoded(jws),
            report: verifier?.verify(jws, expected: expected, nestedSignedTime: nestedTime), nested: nested,
            appleStatus: appleStatus)
    }

    /// The latest `signedDate` among nested items that verified (a forged one lends its item nothing), with its path.
    static func latestVerifiedSignedDate(_ nested: [SignedDataReport]) -> (time: Timestamp, path: String)? {
        var latest: (time: Timestamp, path: String)?
        for item in nested.flatMap(\.allItems) where item.verdict == .valid {
            guard let date = item.jws?.storeKit.signedDate else { continue }
            if latest.map({ date > $0.time }) ?? true { latest = (date, item.path) }
        }
        return latest
    }

    func item(_ value: JSONValue, path: String, expected: SignedDataKind, appleStatus: Int64?, depth: Int = 0)
        -> SignedDataReport
    {
        guard case .string(let token) = value else {
            return SignedDataReport(
                path: path, kind: expected,
                content: .undecodable(.input(.unexpectedJSON("\(path) is not a string (a signed JWS)"))), report: nil,
                nested: [], appleStatus: appleStatus)
        }
        do {
            let jws = try CompactJWS(token, cache: cache)
            return item(jws, path: path, expected: expected, appleStatus: appleStatus, depth: depth)
        } catch {
            return SignedDataReport(
                path: path, kind: expected, content: .undecodable(error), report: nil, nested: [], appleStatus: appleStatus)
        }
    }

    func body(_ body: SignedDataBody) -> SignedDataBodyReport {
        let items = body.items.map { entry in
            item(.string(entry.token), path: entry.path, expected: entry.expected, appleStatus: entry.status)
        }
        return SignedDataBodyReport(body: body, items: items, verified: verifier != nil)
    }
}
