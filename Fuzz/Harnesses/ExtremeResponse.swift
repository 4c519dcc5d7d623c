/// Writes a verifyReceipt response whose dates come from ``ExtremeNumbers``, as JSON text, from fuzzer
/// decisions. Products, transaction ids and flags come from small sets so that records collide the way real
/// ones do (renewals of one subscription, a transaction in both `in_app` and `latest_receipt_info`).
enum ExtremeResponse {
    static let products = ["monthly", "yearly", "consumable", "lifetime", "weekly"]
    static let dateNames = ["purchase_date", "original_purchase_date", "expires_date", "cancellation_date"]
    static let flags = ["\"true\"", "\"false\"", "\"1\"", "\"0\"", "true", "1", "\"maybe\""]

    /// A whole response document.
    static func document(_ input: inout FuzzBytes) -> String {
        var members = [
            "\"status\": \(input.pick(["0", "21006", "21007", "\"0\"", "-1", "9223372036854775807"]))",
            "\"environment\": \(input.pick(["\"Sandbox\"", "\"Production\"", "null"]))",
        ]
        if input.below(4) != 0 { members.append("\"receipt\": \(receipt(&input))") }
        if input.below(4) != 0 { members.append("\"latest_receipt_info\": [\(list(&input, transaction))]") }
        if input.below(3) != 0 { members.append("\"pending_renewal_info\": [\(list(&input, renewal))]") }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// A `receipt` object in the app-receipt form, or (rarely) the iOS 6 form.
    static func receipt(_ input: inout FuzzBytes) -> String {
        if input.below(8) == 0 { return String(transaction(&input).dropLast()) + ", \"bid\": \"com.example.app\"}" }
        var members = [
            "\"receipt_type\": \(input.pick(["\"ProductionSandbox\"", "\"Production\"", "\"Xcode\""]))",
            "\"bundle_id\": \"com.example.app\"",
        ]
        for name in ["request_date", "receipt_creation_date", "original_purchase_date", "expiration_date"]
        where input.below(3) != 0 {
            members.append(date(name, &input))
        }
        members.append("\"in_app\": [\(list(&input, transaction))]")
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// One transaction record.
    static func transaction(_ input: inout FuzzBytes) -> String {
        var members = [
            "\"product_id\": \"\(input.pick(products))\"",
            "\"transaction_id\": \"\(1_000 + input.below(6))\"",
            "\"original_transaction_id\": \"\(1_000 + input.below(3))\"",
            "\"quantity\": \"1\"",
        ]
        for name in dateNames where input.below(4) != 0 { members.append(date(name, &input)) }
        for name in ["is_trial_period", "is_in_intro_offer_period", "is_upgraded"] where input.below(3) == 0 {
            members.append("\"\(name)\": \(input.pick(flags))")
        }
        if input.below(4) == 0 { members.append("\"product_type\": \(input.below(5))") }
        if input.below(4) == 0 { members.append("\"cancellation_reason\": \"\(input.below(3))\"") }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// One pending_renewal_info entry.
    static func renewal(_ input: inout FuzzBytes) -> String {
        var members = [
            "\"product_id\": \"\(input.pick(products))\"",
            "\"auto_renew_product_id\": \"\(input.pick(products))\"",
            "\"original_transaction_id\": \"\(1_000 + input.below(3))\"",
            "\"auto_renew_status\": \(input.pick(flags))",
            "\"expiration_intent\": \"\(input.below(7))\"",
            "\"is_in_billing_retry_period\": \(input.pick(flags))",
        ]
        if input.below(3) != 0 { members.append(date("grace_period_expires_date", &input)) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// A date member: `name_ms` mostly, sometimes the bare name with milliseconds or a formatted date, the
    /// shapes ``PurchaseRecord`` reads.
    static func date(_ name: String, _ input: inout FuzzBytes) -> String {
        let milliseconds = ExtremeNumbers.milliseconds(&input)
        switch input.below(8) {
        case 0: return "\"\(name)\": \"\(milliseconds)\""
        case 1: return "\"\(name)\": \"\(formatted(&input))\""
        default: return "\"\(name)_ms\": \(ExtremeNumbers.json(milliseconds, &input))"
        }
    }

    /// A formatted date with fuzzer-chosen fields, valid or not (2024-02-31, 23:59:60, year 0 ...).
    static func formatted(_ input: inout FuzzBytes) -> String {
        let year = input.pick([0, 1, 1970, 2024, 9999, 10_000, 292_277_026])
        let fields = (0..<5).map { _ in input.below(64) }
        let zone = input.pick([" Etc/GMT", " America/Los_Angeles", "Z", "+23:59", "-00:00", ""])
        let separator = zone.hasPrefix(" ") ? " " : "T"
        return "\(year)-\(fields[0])-\(fields[1])\(separator)\(fields[2]):\(fields[3]):\(fields[4])\(zone)"
    }

    /// Zero to four items, comma-separated.
    static func list(_ input: inout FuzzBytes, _ item: (inout FuzzBytes) -> String) -> String {
        (0..<input.below(5)).map { _ in item(&input) }.joined(separator: ", ")
    }

    /// An ISO 8601 duration for a non-renewing product: ordinary, huge, or malformed.
    static func period(_ input: inout FuzzBytes) -> String {
        let count = input.pick([
            "1", "12", "0", "315569520000", "315569520001", "999999999999999999", "9223372036854775807",
            "99999999999999999999",
        ])
        return "P" + input.pick(["T", ""]) + count + input.pick(["Y", "M", "W", "D", "H", "S", ""])
    }
}
