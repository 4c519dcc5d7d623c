/// Per-call timings of one benchmark row, in nanoseconds.
struct Samples {
    /// The first call, before any warm-up (nil when the row has no meaningful cold call).
    var first: UInt64?
    private(set) var sorted: [UInt64]

    init(first: UInt64?, samples: [UInt64]) {
        self.first = first
        self.sorted = samples.sorted()
    }

    /// Nearest-rank percentile, p in 0...100.
    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return Double(sorted[min(max(rank, 1), sorted.count) - 1])
    }

    var medianMicros: Double { percentile(50) / 1000 }
    var meanMicros: Double { sorted.isEmpty ? .nan : Double(sorted.reduce(0, +)) / Double(sorted.count) / 1000 }
    var p90Micros: Double { percentile(90) / 1000 }
    var minMicros: Double { sorted.first.map { Double($0) / 1000 } ?? .nan }
    var firstMicros: Double? { first.map { Double($0) / 1000 } }
    var count: Int { sorted.count }
}

/// One latency row: a labelled call, timed many times.
final class LatencyJob {
    let label: String
    let body: () -> Void
    /// Shown in the "first" column when set.
    let first: UInt64?
    fileprivate(set) var samples: [UInt64] = []
    /// Mean cost of one call measured during warm-up, in nanoseconds.
    fileprivate var estimate: Double = 0
    fileprivate var target = 0

    init(_ label: String, first: UInt64? = nil, _ body: @escaping () -> Void) {
        self.label = label
        self.first = first
        self.body = body
    }

    var result: Samples { Samples(first: first, samples: samples) }
}

/// Times every job's calls in interleaved rounds instead of one row after another.
///
/// On a shared virtual machine the speed of a core drifts over seconds (other tenants, frequency), so rows run
/// back to back can land in different regimes and their ratios become noise. Here each job first gets up to
/// `warmup` untimed calls (at most 0.5 s), which also estimates its cost; then `budgetSeconds` is shared out
/// (cheap jobs take `iterations` calls, the rest split what is left, never below `minimumSamples`) and every job
/// runs its calls in `rounds` equal portions, round-robin, so all rows sample the whole measurement window.
func runInterleaved(
    _ jobs: [LatencyJob], iterations: Int, warmup: Int, budgetSeconds: Double, minimumSamples: Int = 200, rounds: Int = 25
) {
    for job in jobs {
        let start = nowNanos()
        var calls = 0
        while calls < warmup {
            job.body()
            calls += 1
            if nowNanos() - start > 500_000_000 { break }
        }
        job.estimate = Double(nowNanos() - start) / Double(max(calls, 1))
    }
    // Water-filling: cheapest full rows first, each taking at most an equal share of what is left.
    var remaining = budgetSeconds * 1e9
    var left = jobs.count
    for job in jobs.sorted(by: { $0.estimate < $1.estimate }) {
        let share = remaining / Double(left)
        let affordable = Int(share / max(job.estimate, 1))
        job.target = max(min(iterations, minimumSamples), min(iterations, affordable))
        remaining = max(0, remaining - Double(job.target) * job.estimate)
        left -= 1
        job.samples.reserveCapacity(job.target)
    }
    for round in 1...rounds {
        for job in jobs {
            let goal = (job.target * round + rounds - 1) / rounds
            while job.samples.count < goal {
                let before = nowNanos()
                job.body()
                job.samples.append(nowNanos() &- before)
            }
        }
    }
}

// MARK: - Number formatting (no Foundation)

/// `value` with `decimals` digits after the point; "n/a" for nil or NaN.
func fixed(_ value: Double?, _ decimals: Int) -> String {
    guard let value, value.isFinite else { return "n/a" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = UInt64(scaled / scale)
    let fraction = UInt64(scaled - Double(whole) * scale)
    var text = grouped(whole)
    if decimals > 0 {
        let digits = String(fraction)
        text += "." + String(repeating: "0", count: max(0, decimals - digits.count)) + digits
    }
    return (value < 0 && scaled != 0 ? "-" : "") + text
}

/// 1234567 as "1,234,567".
func grouped(_ value: UInt64) -> String {
    let digits = Array(String(value))
    var out = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
        out.append(digit)
    }
    return out
}

/// Micro-seconds with a precision that suits the magnitude.
func micros(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "n/a" }
    return fixed(value, value < 100 ? 1 : 0)
}

func padLeft(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

func padRight(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
