/// The progress line an audit keeps rewriting on standard error (only when that is a terminal): records done,
/// of how many when that is known, and the rate.
final class AuditProgress {
    private let console: any Console
    private let total: Int?
    /// False when standard error is not a terminal: nothing is drawn, only the elapsed time is kept.
    private let enabled: Bool
    private let started = ContinuousClock.now
    private var lastDrawn = ContinuousClock.now
    private var drawn = false
    private let interval: Duration

    /// `interval` is the shortest time between two redraws.
    init(console: any Console, total: Int?, enabled: Bool, interval: Duration = .milliseconds(200)) {
        self.console = console
        self.total = total
        self.enabled = enabled
        self.interval = interval
    }

    /// Redraws at most five times a second.
    func update(done: Int) {
        guard enabled else { return }
        let now = ContinuousClock.now
        guard now - lastDrawn >= interval else { return }
        lastDrawn = now
        let seconds = Self.seconds(now - started)
        let rate = seconds > 0 ? Int(Double(done) / seconds) : 0
        let count = total.map { "\(done)/\($0)" } ?? "\(done)"
        console.redrawErrorLine("appreceipt audit: \(count) records, \(rate) records/s ")
        drawn = true
    }

    /// Clears the line, so what follows starts at the left margin.
    func finish() {
        guard drawn else { return }
        console.redrawErrorLine("", clearingRest: true)
        drawn = false
    }

    /// Seconds since the audit started.
    var elapsed: Double { Self.seconds(ContinuousClock.now - started) }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
