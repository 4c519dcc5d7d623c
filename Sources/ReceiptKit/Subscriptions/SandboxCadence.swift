/// Sandbox renews subscriptions on a compressed clock (1 week in 3 minutes, 1 month in 5, 2 months in 10,
/// 3 months in 15, 6 months in 30, 1 year in 60) and at most 6 times a day in older sandboxes. This recognises
/// the pattern so it is explained instead of being reported as anomalous, and flags it outside the sandbox.
enum SandboxCadence {
    /// Compressed period in minutes and the production term it stands for.
    static let compressed: [(minutes: Int64, term: String)] = [
        (3, "1 week"), (5, "1 month"), (10, "2 months"), (15, "3 months"), (30, "6 months"), (60, "1 year"),
    ]

    static func notes(for group: [PurchaseRecord], sandbox: Bool) -> [String] {
        var periods: [Int64] = []
        for record in group {
            guard let start = record.purchaseDate, let end = record.expiresDate else { continue }
            // Dates far apart (or far outside the supported range) are no compressed period: checked, not trapped.
            guard let period = Checked.difference(end.milliseconds, start.milliseconds) else { return [] }
            periods.append(period)
        }
        guard !periods.isEmpty else { return [] }
        let matches = periods.compactMap { period in
            compressed.first { candidate in
                Checked.difference(period, candidate.minutes * 60_000).map { $0.magnitude <= 30_000 } ?? false
            }
        }
        guard matches.count == periods.count, let first = matches.first,
            matches.allSatisfy({ $0.minutes == first.minutes })
        else { return [] }
        if sandbox {
            let renewals = periods.count - 1
            return [
                "sandbox renewal cadence: \(periods.count) period(s) of \(first.minutes) minutes, each standing for \(first.term); "
                    + "\(renewals) renewal(s)"
                    + (renewals >= 5 ? " (sandbox stops renewing after about 6, so the series ending is expected)" : "")
            ]
        }
        return [
            "anomaly: \(periods.count) period(s) of \(first.minutes) minutes; such compressed terms occur only in the sandbox"
        ]
    }
}
