/// Overflow-checked `Int64` arithmetic for numbers that come from input: nil where Swift's operators would trap.
///
/// Arguments are optional so that steps chain: one overflow anywhere makes the whole expression nil.
enum Checked {
    static func sum(_ terms: Int64?...) -> Int64? {
        var total: Int64 = 0
        for term in terms {
            guard let term else { return nil }
            let (result, overflow) = total.addingReportingOverflow(term)
            guard !overflow else { return nil }
            total = result
        }
        return total
    }

    static func product(_ left: Int64?, _ right: Int64?) -> Int64? {
        guard let left, let right else { return nil }
        let (result, overflow) = left.multipliedReportingOverflow(by: right)
        return overflow ? nil : result
    }

    static func difference(_ left: Int64?, _ right: Int64?) -> Int64? {
        guard let left, let right else { return nil }
        let (result, overflow) = left.subtractingReportingOverflow(right)
        return overflow ? nil : result
    }
}
