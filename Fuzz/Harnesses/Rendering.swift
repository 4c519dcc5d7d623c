import ReceiptKit

/// Turns results into text the way the command line does, so that date formatting and string building run
/// over every value the fuzzer produced (a crash in rendering is as real as one in parsing).
enum Rendering {
    static func consume(_ result: SubscriptionEvaluator.Result) {
        var length = result.productsNeedingPeriod.count + result.otherPurchaseCount
        for status in result.subscriptions {
            for date in [status.latestPurchaseDate, status.latestExpiresDate].compactMap({ $0 }) {
                length += text(date).count
            }
            length += status.trail.count + status.notes.count + status.state.rawValue.count
        }
        sink(length)
    }

    static func consume(_ comparison: ReceiptComparison) {
        sink(comparison.differences.count + comparison.remoteKnowledge.count + comparison.notes.count)
    }

    /// Every textual form of a timestamp that output uses.
    static func text(_ date: Timestamp) -> String {
        date.rfc3339 + date.appleGMT + date.applePacific + String(date.seconds)
    }

    /// Keeps a computed value alive so the optimiser cannot drop the work that produced it.
    @inline(never)
    static func sink(_ value: Int) {
        withExtendedLifetime(value) {}
    }
}
