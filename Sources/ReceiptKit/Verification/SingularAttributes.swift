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

    /// The offsets of each of ``types`` that appears more than once, in encoded order.
    static func repeats(in receipt: Receipt) -> [Int64: [Int]] {
        var offsets: [Int64: [Int]] = [:]
        for attribute in receipt.attributes.attributes where types.contains(attribute.type) {
            offsets[attribute.type, default: []].append(attribute.offset)
        }
        return offsets.filter { $0.value.count > 1 }
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
