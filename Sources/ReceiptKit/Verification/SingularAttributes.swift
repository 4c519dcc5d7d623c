/// One attribute, one meaning: an app-level attribute a check reads must appear at most once in the payload.
///
/// A payload is a SET OF attributes, so nothing in its encoding stops a type from repeating; Apple's receipts never
/// repeat these. When one does, two readers can take two different values (the decoder keeps the first readable
/// bundle id, the device hash covers the first bundle id attribute of any type), so a check could pass on one
/// value while the other is shown or used. The check that reads a repeated attribute therefore fails, naming it,
/// whether or not the caller asked for that check: the ambiguity is in the receipt, not in the request.
enum SingularAttributes {
    /// The app-level types each check reads.
    static let readBy: [CheckID: [Int64]] = [
        .creationDate: [12], .bundleID: [2], .appVersion: [3, 19], .deviceHash: [2, 4, 5], .environment: [0],
        .expiration: [21],
    ]

    /// Every type some check reads (0, 2, 3, 4, 5, 12, 19 and 21).
    static let types: Set<Int64> = Set(readBy.values.joined())

    /// ``types`` as bits (type n is bit n).
    static let typeBits: UInt64 = types.reduce(0) { $0 | 1 << UInt64($1) }

    /// The offsets of each of ``types`` that appears more than once, in encoded order.
    static func repeats(in receipt: Receipt) -> [Int64: [Int]] {
        // Apple's receipts never repeat these: count first with a bit per type (all below 64), so the usual
        // answer costs one pass over plain records and no dictionary.
        var seen: UInt64 = 0
        var repeated: UInt64 = 0
        for record in receipt.attributes.records where record.type >= 0 && record.type < 64 {
            let bit: UInt64 = 1 << UInt64(record.type)
            guard typeBits & bit != 0 else { continue }
            if seen & bit != 0 { repeated |= bit }
            seen |= bit
        }
        guard repeated != 0 else { return [:] }
        var offsets: [Int64: [Int]] = [:]
        for record in receipt.attributes.records where record.type >= 0 && record.type < 64 {
            guard repeated & (1 << UInt64(record.type)) != 0 else { continue }
            offsets[record.type, default: []].append(record.offset)
        }
        return offsets
    }

    /// A failing `id` check naming every repeated attribute it reads, or nil when each appears at most once.
    static func failure(_ id: CheckID, repeats: [Int64: [Int]]) -> VerificationCheck? {
        guard !repeats.isEmpty else { return nil }
        let details: [String] = (readBy[id] ?? []).compactMap { type in
            guard let offsets = repeats[type] else { return nil }
            let name = ReceiptField.appFields[type]?.name ?? "type \(type)"
            return "attribute \(type) (\(name)) appears \(offsets.count) times, at offsets "
                + offsets.map(String.init).joined(separator: ", ")
        }
        guard !details.isEmpty else { return nil }
        return VerificationCheck(
            id, .fail,
            "\(details.joined(separator: "; ")); a receipt carries it once, and which copy a reader takes would decide what is checked"
        )
    }
}
