extension SignedDataReport {
    /// `{path, kind, verdict, item_verdict, jws, checks, verification_time, trust_anchor, certificates, warnings,
    /// apple_status, nested}`. `verdict` covers the nested items too, `item_verdict` this item alone; the
    /// verification keys are those of the receipt report and are absent when the item was only decoded. An item
    /// that does not decode has `verdict: malformed` and an `error`.
    package func write(to output: inout JSONOutput, _ naming: OptionNaming) {
        output.beginObject()
        writeMembers(to: &output, naming)
        output.endObject()
    }

    /// The members, for documents that put `format_version` and `input` beside them.
    func writeMembers(to output: inout JSONOutput, _ naming: OptionNaming) {
        if let appleStatus {
            output.key("apple_status")
            output.beginObject()
            output.key("meaning")
            output.string(AppleSubscriptionStatus.meaning(ofStatus: appleStatus))
            output.key("status")
            output.integer(appleStatus)
            output.endObject()
        }
        report?.writeLeadingMembers(to: &output, naming)
        if case .undecodable(let error) = content {
            output.key("error")
            error.write(to: &output, naming)
        }
        if case .notExamined(let why) = content {
            output.key("not_examined")
            output.string(why)
        }
        if let ownVerdict {
            output.key("item_verdict")
            output.string(ownVerdict.rawValue)
        }
        if case .decoded(let jws) = content {
            output.key("jws")
            jws.write(to: &output)
        }
        output.key("kind")
        output.string(kind.rawValue)
        output.key("nested")
        output.beginArray()
        for item in nested { item.write(to: &output, naming) }
        output.endArray()
        output.key("path")
        output.string(path)
        // The item's own `verdict` (nested items included) replaces the report's.
        report?.writeTrailingMembers(to: &output, naming, verdict: verdict == nil)
        if let verdict {
            output.key("verdict")
            output.string(verdict.rawValue)
        }
    }
}

extension SignedDataBodyReport {
    /// `{body: {kind, unsigned}, items, notes, verdict}`: `unsigned` is the body without its signed items, as
    /// received and as unverified as it says.
    package func write(to output: inout JSONOutput, _ naming: OptionNaming) {
        output.beginObject()
        writeMembers(to: &output, naming)
        output.endObject()
    }

    /// The members, for documents that put `format_version` and `input` beside them.
    func writeMembers(to output: inout JSONOutput, _ naming: OptionNaming) {
        output.key("body")
        output.beginObject()
        output.key("kind")
        output.string(body.kind.rawValue)
        output.key("unsigned")
        output.value(Self.withoutSignedItems(body.json))
        output.endObject()
        output.key("items")
        output.beginArray()
        for item in items { item.write(to: &output, naming) }
        output.endArray()
        output.member("notes", strings: notes)
        if let verdict {
            output.key("verdict")
            output.string(verdict.rawValue)
        }
    }

    /// The body with every signed item left out (keys starting with `signed` whose value is a string or a list
    /// of strings): the items are reported on their own, and what remains is what the body says unsigned.
    package static func withoutSignedItems(_ value: JSONValue, depth: Int = 0) -> JSONValue {
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
