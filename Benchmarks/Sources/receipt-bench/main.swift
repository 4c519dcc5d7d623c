import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// receipt-bench: release-build timings of ReceiptKit. Run it from the repository root (Benchmarks/run.sh does).
//
//   receipt-bench [ITERATIONS] [--seconds S] [--latency-seconds S] [--out FILE] [--fallback] [--no-openssl]
//   receipt-bench --profile decode|verify|verify-cold FILE [--seconds S]
//
// ITERATIONS     timed calls per latency row (default 2000), after ITERATIONS/10 (at least 50) warm-up calls
// --seconds      wall time of each throughput phase and of `openssl speed` (default 3)
// --latency-seconds  time shared by all latency rows (default 30); a row that cannot have ITERATIONS calls in
//                its share gets fewer (at least 200), and the table prints how many
// --out          also write the table to FILE
// --fallback     use TestVectors even when ../shared/vectors is present (checks the fallback path)
// --no-openssl   skip `openssl speed` and the `openssl cms` loop
// --profile      only repeat that call on FILE for --seconds, caches warm (verify-cold: a new pair per call);
//                pinned Apple root, or TestVectors/pki/root.pem for files under TestVectors/. For perf / callgrind.

struct Options {
    var iterations = 2000
    var seconds = 3.0
    var latencySeconds = 30.0
    var outPath: String?
    var forceFallback = false
    var runOpenSSL = true
    var profile: (mode: String, path: String)?

    static func parse(_ arguments: ArraySlice<String>) -> Options {
        var options = Options()
        var rest = arguments
        func positive(_ name: String) -> Double {
            guard let value = rest.popFirst().flatMap(Double.init), value > 0 else { usage("\(name) needs a positive number") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--seconds": options.seconds = positive(argument)
            case "--latency-seconds": options.latencySeconds = positive(argument)
            case "--out":
                guard let value = rest.popFirst() else { usage("--out needs a path") }
                options.outPath = value
            case "--fallback": options.forceFallback = true
            case "--no-openssl": options.runOpenSSL = false
            case "--profile":
                guard let mode = rest.popFirst(), ["decode", "verify", "verify-cold"].contains(mode), let path = rest.popFirst()
                else {
                    usage("--profile needs decode|verify|verify-cold and a receipt file")
                }
                options.profile = (mode, path)
            case "-h", "--help": usage(nil)
            default:
                guard let count = Int(argument), count > 0 else { usage("unknown argument \(argument)") }
                options.iterations = count
            }
        }
        return options
    }

    static func usage(_ problem: String?) -> Never {
        if let problem { standardError("receipt-bench: \(problem)\n") }
        standardError(
            "usage: receipt-bench [ITERATIONS] [--seconds S] [--latency-seconds S] [--out FILE] [--fallback] [--no-openssl]\n"
                + "       receipt-bench --profile decode|verify|verify-cold FILE [--seconds S]\n")
        exit(problem == nil ? 0 : 64)
    }
}

func progress(_ text: String) { standardError("receipt-bench: \(text)\n") }

let options = Options.parse(CommandLine.arguments.dropFirst())
let warmup = max(50, options.iterations / 10)

if let profile = options.profile {
    runProfileLoop(mode: profile.mode, path: profile.path, seconds: options.seconds)
    exit(0)
}

let startedAt = utcTimestamp()
let loadAtStart = loadAverage()
let machineAtStart = MachineCPU.read()
let ownCPUAtStart = ownCPUSeconds()
let wallAtStart = nowNanos()
if let load = loadAtStart, load > 0.5 {
    progress(
        "note: 1-min load average is \(fixed(load, 2)) before starting; other work on this machine will show up in the numbers")
}

// MARK: Inputs

guard let scratch = makeTemporaryDirectory(prefix: "receipt-bench") else { fail("cannot make a temporary directory") }
defer { removeTemporaryDirectory(scratch) }

// MARK: Source state (numbers change with the code: say which code)

/// What run.sh recorded before building (RECEIPT_BENCH_SOURCE), else what git says now.
func currentSourceState(scratch: String) -> String {
    if let recorded = getenv("RECEIPT_BENCH_SOURCE").map({ String(cString: $0) }), !recorded.isEmpty { return recorded }
    guard let head = captureOutput(["git", "rev-parse", "--short", "HEAD"], scratch: scratch)?.trimmingSpaces(), !head.isEmpty
    else {
        return "unknown (git not available)"
    }
    let subject = captureOutput(["git", "log", "-1", "--format=%s"], scratch: scratch)?.trimmingSpaces() ?? ""
    let dirty =
        captureOutput(["git", "status", "--porcelain", "--", "Sources", "Package.swift"], scratch: scratch)?
        .trimmingSpaces() ?? ""
    return "git \(head) \"\(subject.count > 70 ? String(subject.prefix(67)) + "..." : subject)\""
        + (dirty.isEmpty ? "" : " + uncommitted changes in Sources/ or Package.swift")
}
let sourceState = currentSourceState(scratch: scratch)

let inputs: InputSet
do {
    inputs = try InputSet.load(forceFallback: options.forceFallback)
} catch {
    fail("\(error)")
}
if !inputs.usesAppleReceipts { progress(inputs.description) }

var inAppCounts: [String: Int] = [:]
let subjects = [("big", inputs.big), ("median", inputs.median)]

// MARK: 1 + 2. Latency rows, interleaved

var decodeJobs: [LatencyJob] = []
var verifyJobs: [LatencyJob] = []
for (tag, file) in subjects {
    // The first call for this file, with an empty certificate cache. The big receipt's is also the first decode
    // of the process, so it pays one-time costs too (lazy globals, OpenSSL initialisation, page faults).
    let coldStart = nowNanos()
    let coldReceipt = decodeFile(file, cache: CertificateCache(), expectedInApp: file.expectedInApp)
    let coldNanos = nowNanos() - coldStart
    inAppCounts[file.path] = coldReceipt.receipt.inApp.count
    let expected = file.expectedInApp ?? coldReceipt.receipt.inApp.count

    // Decode with the process-wide cache (the decoder's default), warm after the warm-up calls.
    decodeJobs.append(
        LatencyJob("\(tag): ReceiptDecoder.decode(file bytes)", first: coldNanos) {
            _ = decodeFile(file, cache: .shared, expectedInApp: expected)
        })
    if file.bytes != file.der {
        decodeJobs.append(
            LatencyJob("\(tag): AppReceipt(der:), no base64") {
                _ = decodeDER(file, cache: .shared, expectedInApp: expected)
            })
    }

    let policy = inputs.policy(for: file)
    // Cold: a new pair of caches for every call, so each call decodes the embedded certificates and checks three
    // RSA signatures (receipt, leaf by intermediate, intermediate by root). Code and CPU caches are warm.
    verifyJobs.append(
        LatencyJob("\(tag): cold caches (new pair per call)") {
            decodeAndVerify(file, policy: policy, certificates: CertificateCache(), links: LinkSignatureCache())
        })
    // Warm: one pair reused; after the first call only the receipt's own signature is an RSA operation.
    let certificates = CertificateCache()
    let links = LinkSignatureCache()
    verifyJobs.append(
        LatencyJob("\(tag): warm caches (one pair reused)") {
            decodeAndVerify(file, policy: policy, certificates: certificates, links: links)
        })
}
progress(
    "latency: \(decodeJobs.count + verifyJobs.count) rows, up to \(options.iterations) timed calls each after \(warmup) warm-up, "
        + "interleaved, about \(fixed(options.latencySeconds, 0)) s")
runInterleaved(decodeJobs + verifyJobs, iterations: options.iterations, warmup: warmup, budgetSeconds: options.latencySeconds)

// MARK: 3. Corpus throughput, interleaved

let corpusPolicies = inputs.corpus.map { inputs.policy(for: $0) }
let corpusCertificates = CertificateCache()
let corpusLinks = LinkSignatureCache()
progress("corpus: one checked pass over \(inputs.corpus.count) receipts")
for (file, policy) in zip(inputs.corpus, corpusPolicies) {
    decodeAndVerify(file, policy: policy, certificates: corpusCertificates, links: corpusLinks)
}
let single = ThroughputPhase(workers: 1, verify: true)
let dual = ThroughputPhase(workers: 2, verify: true)
let singleDecode = ThroughputPhase(workers: 1, verify: false)
let dualDecode = ThroughputPhase(workers: 2, verify: false)
progress("corpus throughput: 4 phases of \(fixed(options.seconds, 1)) s each, interleaved")
runThroughput(
    [single, dual, singleDecode, dualDecode], corpus: inputs.corpus, policies: corpusPolicies, seconds: options.seconds,
    certificates: corpusCertificates, links: corpusLinks)

// MARK: 4. OpenSSL reference points

var opensslVersion = "not run (--no-openssl)"
var rsaVerify1: Double?
var rsaVerify2: Double?
let cmsPlain = CMSLoop(extra: [])
let cmsNoStore = CMSLoop(extra: ["-no-CAfile", "-no-CApath", "-no-CAstore"])
var cmsRan = false
let speedSeconds = max(1, Int(options.seconds.rounded()))
if options.runOpenSSL {
    opensslVersion =
        captureOutput(["openssl", "version"], scratch: scratch)?.trimmingSpaces() ?? "unknown (openssl version failed)"
    progress("openssl speed -seconds \(speedSeconds) rsa2048")
    rsaVerify1 = captureOutput(["openssl", "speed", "-seconds", String(speedSeconds), "rsa2048"], scratch: scratch)
        .flatMap(parseOpenSSLSpeed)
    progress("openssl speed -multi 2 -seconds \(speedSeconds) rsa2048")
    rsaVerify2 = captureOutput(
        ["openssl", "speed", "-multi", "2", "-seconds", String(speedSeconds), "rsa2048"], scratch: scratch
    )
    .flatMap(parseOpenSSLSpeed)
    var derPaths: [String] = []
    for (index, file) in inputs.corpus.enumerated() {
        let path = "\(scratch)/\(index).der"
        guard writeFile(path, file.der) else { fail("cannot write \(path)") }
        derPaths.append(path)
    }
    progress("openssl cms -verify -noverify, one process per receipt, 2 variants of \(fixed(options.seconds, 1)) s, interleaved")
    runCMSLoops([cmsPlain, cmsNoStore], derPaths: derPaths, seconds: options.seconds)
    cmsRan = true
}

// MARK: Machine load during the run

let wallSeconds = Double(nowNanos() - wallAtStart) / 1e9
let ownCPU = ownCPUSeconds() - ownCPUAtStart
var noise = "n/a"
if let before = machineAtStart, let after = MachineCPU.read() {
    let ticks = clockTicksPerSecond()
    let busy = Double(after.busyTicks - before.busyTicks) / ticks
    let steal = Double(after.stealTicks - before.stealTicks) / ticks
    let capacity = wallSeconds * Double(onlineProcessorCount())
    let others = max(0, busy - ownCPU - steal)
    noise =
        "other processes used \(fixed(others, 1)) CPU-s (\(fixed(100 * others / capacity, 1))% of the machine), "
        + "steal \(fixed(steal, 1)) CPU-s, over \(fixed(wallSeconds, 0)) s"
}

// MARK: Table

var out: [String] = []
@MainActor func line(_ text: String = "") { out.append(text) }

@MainActor func describe(_ file: ReceiptFile) -> String {
    let inApp = inAppCounts[file.path].map(String.init) ?? "?"
    let stored = file.bytes == file.der ? "DER file" : "\(grouped(UInt64(file.bytes.count))) B base64 file"
    return "\(file.name): \(grouped(UInt64(file.der.count))) B DER (\(stored)), \(inApp) in-app"
}

let labelWidth = 46
let column = 9
func rate(_ value: Double) -> String { grouped(UInt64(value.rounded())) }
func row(_ label: String, _ cells: [String], note: String = "") -> String {
    "  " + padRight(label, labelWidth) + cells.map { padLeft($0, column) }.joined() + (note.isEmpty ? "" : "   " + note)
}
func header(_ title: String, _ cells: [String]) -> String {
    padRight(title, labelWidth + 2) + cells.map { padLeft($0, column) }.joined()
}

line("appreceipt benchmark (receipt-bench, release build)")
line("date        \(startedAt)")
line("machine     nproc \(onlineProcessorCount()), CPU \(cpuModel()), \(kernelDescription())")
line("openssl     \(opensslVersion)")
line("source      \(sourceState)")
line("load        1-min load average \(fixed(loadAtStart, 2)) at start, \(fixed(loadAverage(), 2)) at end; \(noise)")
line("inputs      \(inputs.description)")
line("big         \(describe(inputs.big))")
line("median      \(describe(inputs.median))")
line(
    "latency     up to \(options.iterations) timed calls per row after up to \(warmup) warm-up calls, rows interleaved "
        + "in 25 rounds within ~\(fixed(options.latencySeconds, 0)) s; us = microseconds")

for (title, rows) in [
    ("1. Decode, warm process-wide cert cache (us)", decodeJobs), ("2. Decode + verify, verdict valid (us)", verifyJobs),
] {
    line()
    line(header(title, ["first", "median", "p90", "mean", "min", "n"]))
    for entry in rows {
        let samples = entry.result
        line(
            row(
                entry.label,
                [
                    micros(samples.firstMicros).replacingNA(with: "-"), micros(samples.medianMicros), micros(samples.p90Micros),
                    micros(samples.meanMicros), micros(samples.minMicros), String(samples.count),
                ]))
    }
    if title.hasPrefix("1.") {
        line("  first = first call for that file, empty certificate cache (the big receipt's is the process's first decode)")
    }
}

line()
line(header("3. Corpus throughput, warm caches", ["rec/s", "us/rec"]))
line("  corpus: \(inputs.corpusDescription)")
let excludedNote = inputs.excluded.map(\.reason).uniqued().map { reason in
    "\(inputs.excluded.filter { $0.reason == reason }.count) left out: \(reason)"
}
for note in excludedNote { line("  \(note)") }
func share(_ value: Double, _ reference: Double?) -> String {
    reference.map { "= \(fixed(value / $0, 3)) x RSA verify/s" } ?? ""
}
line(
    row(
        "decode + verify, 1 thread", [rate(single.perSecond), fixed(1e6 / single.perSecond, 1)],
        note: share(single.perSecond, rsaVerify1)))
line(
    row(
        "decode + verify, 2 workers (concurrentPerform)", [rate(dual.perSecond), fixed(2e6 / dual.perSecond, 1)],
        note: share(dual.perSecond, rsaVerify2) + " (us/rec per worker)"))
line(row("decode only, 1 thread", [rate(singleDecode.perSecond), fixed(1e6 / singleDecode.perSecond, 1)]))
line(
    row(
        "decode only, 2 workers", [rate(dualDecode.perSecond), fixed(2e6 / dualDecode.perSecond, 1)], note: "(us/rec per worker)")
)
line(row("2 workers / 1 thread, decode + verify", [fixed(dual.perSecond / single.perSecond, 2) + "x", ""]))
line(
    row(
        "openssl speed -seconds \(speedSeconds) rsa2048, verify/s",
        [rsaVerify1.map(rate) ?? "n/a", rsaVerify1.map { fixed(1e6 / $0, 1) } ?? ""]))
line(
    row(
        "openssl speed -multi 2 ..., verify/s", [rsaVerify2.map(rate) ?? "n/a", rsaVerify2.map { fixed(2e6 / $0, 1) } ?? ""],
        note: "(us per verify per process)"))
if let rsaVerify1 {
    let perReceipt = 1e6 / single.perSecond
    let rsa = 1e6 / rsaVerify1
    line(
        "  RSA share: a warm verify does one RSA-2048 verify per receipt (chain links are cached): \(fixed(rsa, 1)) of "
            + "\(fixed(perReceipt, 1)) us = \(fixed(100 * rsa / perReceipt, 0))%; "
            + (rsa / perReceipt >= 0.5 ? "RSA-bound" : "NOT RSA-bound, decoding dominates"))
}

line()
line(header("4. Baseline: openssl cms -verify -noverify", ["rec/s", "us/rec"]))
if cmsRan {
    for (label, loop) in [
        ("one openssl process per receipt, signature only", cmsPlain),
        ("same + -no-CAfile -no-CApath -no-CAstore", cmsNoStore),
    ] {
        line(
            row(
                label, [fixed(loop.perSecond, 1), fixed(1e6 / loop.perSecond, 0)],
                note: "(\(loop.receipts) runs in \(fixed(loop.elapsed, 1)) s)"))
    }
    line(
        row(
            "appreceipt 1 thread / first loop", [fixed(single.perSecond / cmsPlain.perSecond, 0) + "x", ""],
            note: "vs second loop \(fixed(single.perSecond / cmsNoStore.perSecond, 0))x"))
    line(
        row(
            "appreceipt 2 workers / first loop", [fixed(dual.perSecond / cmsPlain.perSecond, 0) + "x", ""],
            note: "vs second loop \(fixed(dual.perSecond / cmsNoStore.perSecond, 0))x"))
    line("  the first loop is the command as people type it: even with -noverify, openssl cms loads the system CA")
    line("  bundle at start-up; the second loop skips that. Neither checks the chain, Apple's markers or the payload.")
} else {
    line("  skipped (--no-openssl)")
}

let table = out.joined(separator: "\n") + "\n"
standardOutput(table)
if let outPath = options.outPath, !writeFile(outPath, Array(table.utf8)) {
    fail("cannot write \(outPath)")
}

extension String {
    func replacingNA(with replacement: String) -> String { self == "n/a" ? replacement : self }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
