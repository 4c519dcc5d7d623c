import ReceiptAudit
import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The audit's SQLite index (audit --index, docs/audit-index.md) at size: file size and per-record cost.
//
//   swift run -c release --package-path Benchmarks index-bench [MILLIONS] [PATH]
//
// Fills a fresh index with MILLIONS (default 10) million synthetic records, one new transaction id each (so one
// key each), spread over 100,000 users, committing every 10,000 records as audit --index does; then measures a
// second batch of 100,000 records against the full index: half replay an id of the first batch under another
// user (a hit, which raises the signal), half are new. Records are built by hand: authentic, user-tagged.

/// Seconds on the monotonic clock.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Peak resident memory of this process in bytes.
func peakResidentBytes() -> Int {
    var usage = rusage()
    #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
    #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    #endif
}

/// `value` with `digits` decimals (no Foundation here either).
func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = String(scaled / Int(scale))
    guard digits > 0 else { return whole }
    let fraction = String(abs(scaled) % Int(scale))
    return whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
}

func record(_ number: Int, id: Int, user: Int) -> AuditRecord {
    var record = AuditRecord(number: number, source: "synthetic.jsonl:\(number)", verdict: .valid)
    record.kind = .appReceipt
    record.userID = "user-\(user)"
    let text = String(1_000_000_000_000_000 + id)
    record.transactions = [AuditTransaction(transactionID: text, originalTransactionID: text)]
    return record
}

/// Runs `count` records through `index` as batch `label`; returns seconds and how many were flagged.
func run(_ index: AuditIndex, _ label: String, count: Int, make: (Int) -> AuditRecord) throws -> (Double, Int) {
    _ = try index.begin(batch: label, resume: false)
    var flagged = 0
    let start = now()
    for number in 1...count {
        var next = make(number)
        index.observe(&next)
        if !next.signals.isEmpty { flagged += 1 }
        if number % 10_000 == 0 { try index.commit(records: number) }
    }
    try index.finish(records: count)
    return (now() - start, flagged)
}

let arguments = CommandLine.arguments
let millions = arguments.count > 1 ? (Double(arguments[1]) ?? 10) : 10
let path = arguments.count > 2 ? arguments[2] : "/tmp/appreceipt-index-bench-\(getpid()).sqlite"
let count = Int(millions * 1_000_000)
for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
do {
    let index = try AuditIndex(path: path)
    let (fill, _) = try run(index, "fill", count: count) { record($0, id: $0, user: $0 % 100_000) }
    let probes = 100_000
    let (probe, flagged) = try run(index, "probe", count: probes) { number in
        number % 2 == 0
            ? record(number, id: number * (count / probes), user: 100_000 + number)
            : record(number, id: count + number, user: number)
    }
    let stats = try index.stats()
    let perFill = fixed(fill / Double(count) * 1e6, 2)
    let perProbe = fixed(probe / Double(probes) * 1e6, 2)
    print("audit index (SQLite, WAL), \(count) records with one new key each, 100000 users")
    print("  fill:   \(fixed(fill, 1)) s, \(perFill) us per record (commit every 10000)")
    print("  probe:  \(probes) records against \(count) keys: \(perProbe) us per record, \(flagged) flagged")
    print(
        "  size:   \(fixed(Double(stats.fileBytes) / 1e6, 1)) MB (\(fixed(Double(stats.fileBytes) / Double(stats.keys), 1)) "
            + "bytes per key), \(stats.rows) rows; peak resident \(fixed(Double(peakResidentBytes()) / 1e6, 1)) MB")
} catch {
    print("index-bench: \(error)")
    exit(1)
}
