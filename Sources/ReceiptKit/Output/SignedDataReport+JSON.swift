extension SignedDataReport {
    /// `{path, kind, verdict, item_verdict, jws, checks, verification_time, trust_anchor, certificates, warnings,
    /// apple_status, nested}`. `verdict` covers the nested items too, `item_verdict` this item alone; the
    /// verification keys are those of the receipt report and are absent when the item was only decoded. An item
    /// that does not decode has `verdict: malformed` and an `error`.
    public func json(_ naming: OptionNaming) -> JSONValue {
        var object: [String: JSONValue] = ["path": .string(path), "kind": .string(kind.rawValue)]
        switch content {
        case .decoded(let jws): object["jws"] = jws.json
        case .undecodable(let error):
            var failure: [String: JSONValue] = ["message": .string(error.message(naming))]
            if let offset = error.offset { failure["offset"] = .integer(offset) }
            object["error"] = .object(failure)
        }
        if let report { object.merge(report.jsonMembers(naming)) { _, verification in verification } }
        if let verdict { object["verdict"] = .string(verdict.rawValue) }
        if let ownVerdict { object["item_verdict"] = .string(ownVerdict.rawValue) }
        if let appleStatus {
            object["apple_status"] = .object([
                "status": .integer(appleStatus),
                "meaning": .string(AppleSubscriptionStatus.meaning(ofStatus: appleStatus)),
            ])
        }
        object["nested"] = .array(nested.map { $0.json(naming) })
        return .object(object)
    }
}

extension SignedDataBodyReport {
    /// `{body: {kind, unsigned}, verdict, items, notes}`: `unsigned` is the body without its signed items, as
    /// received and as unverified as it says.
    public func json(_ naming: OptionNaming) -> JSONValue {
        let unsigned = Self.withoutSignedItems(body.json)
        var object: [String: JSONValue] = [
            "body": .object(["kind": .string(body.kind.rawValue), "unsigned": unsigned]),
            "items": .array(items.map { $0.json(naming) }),
            "notes": .array(notes.map(JSONValue.string)),
        ]
        if let verdict { object["verdict"] = .string(verdict.rawValue) }
        return .object(object)
    }

    /// The body with every signed item left out (keys starting with `signed` whose value is a string or a list
    /// of strings): the items are reported on their own, and what remains is what the body says unsigned.
    static func withoutSignedItems(_ value: JSONValue, depth: Int = 0) -> JSONValue {
        guard depth < 8 else { return value }
        switch value {
        case .object(let members):
            var kept: [String: JSONValue] = [:]
            for (key, member) in members {
                let isSignedItem: Bool
                switch member {
                case .string: isSignedItem = key.hasPrefix("signed")
                case .array(let entries):
                    isSignedItem = key.hasPrefix("signed") && entries.allSatisfy { if case .string = $0 { true } else { false } }
                default: isSignedItem = false
                }
                if !isSignedItem { kept[key] = withoutSignedItems(member, depth: depth + 1) }
            }
            return .object(kept)
        case .array(let entries):
            return .array(entries.map { withoutSignedItems($0, depth: depth + 1) })
        default:
            return value
        }
    }
}
