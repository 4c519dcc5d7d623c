import Dispatch
import ReceiptKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Stops the run: a benchmark that measures failures would be worse than none.
func fail(_ message: String) -> Never {
    standardError("receipt-bench: error: \(message)\n")
    exit(1)
}

/// `ReceiptDecoder.decode` of the file bytes as stored (base64 unwrapping included), checked.
@inline(never)
func decodeFile(_ file: ReceiptFile, cache: CertificateCache, expectedInApp: Int?) -> AppReceipt {
    let decoded: (input: ReceiptInput, document: ReceiptDecoder.Document)
    do {
        decoded = try ReceiptDecoder.decode(file.bytes, cache: cache)
    } catch {
        fail("\(file.path): decode failed: \(error)")
    }
    guard case .appReceipt(let receipt) = decoded.document else { fail("\(file.path): not an app receipt") }
    if let expectedInApp, receipt.receipt.inApp.count != expectedInApp {
        fail("\(file.path): \(receipt.receipt.inApp.count) in-app entries, expected \(expectedInApp)")
    }
    return receipt
}

/// `AppReceipt(der:)` only: no input sniffing, no base64.
@inline(never)
func decodeDER(_ file: ReceiptFile, cache: CertificateCache, expectedInApp: Int?) -> AppReceipt {
    let receipt: AppReceipt
    do {
        receipt = try AppReceipt(der: file.der, cache: cache)
    } catch {
        fail("\(file.path): AppReceipt(der:) failed: \(error)")
    }
    if let expectedInApp, receipt.receipt.inApp.count != expectedInApp {
        fail("\(file.path): \(receipt.receipt.inApp.count) in-app entries, expected \(expectedInApp)")
    }
    return receipt
}

/// Decode plus verify, asserting the verdict is valid.
@inline(never)
func decodeAndVerify(
    _ file: ReceiptFile, policy: VerificationPolicy, certificates: CertificateCache, links: LinkSignatureCache
) {
    let receipt = decodeFile(file, cache: certificates, expectedInApp: file.expectedInApp)
    let report = ReceiptVerifier(policy: policy, linkCache: links).verify(receipt)
    guard report.verdict == .valid else {
        let failed = report.checks.filter { $0.status != .pass && $0.status != .skip }
            .map { "\($0.id)=\($0.status.rawValue): \($0.detail)" }
        fail("\(file.path): verdict \(report.verdict.rawValue), not valid: \(failed.joined(separator: "; "))")
    }
}

/// Receipts processed over the corpus (decode + verify, or decode only) in about `seconds` of wall time, on
/// `workers` threads sharing one warm pair of caches. Each worker walks the whole corpus, starting at a
/// different offset, and checks the clock after each full pass.
func corpusSlice(
    _ corpus: [ReceiptFile], policies: [VerificationPolicy], workers: Int, seconds: Double, verify: Bool,
    certificates: CertificateCache, links: LinkSignatureCache
) -> (receipts: Int, elapsed: Double) {
    let counts = Mutex<[Int]>(Array(repeating: 0, count: workers))
    let start = nowNanos()
    let deadline = start + UInt64(seconds * 1e9)
    let finish = Mutex<UInt64>(start)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
        var done = 0
        var index = (worker * corpus.count) / max(workers, 1)
        while true {
            for _ in 0..<corpus.count {
                if verify {
                    decodeAndVerify(corpus[index], policy: policies[index], certificates: certificates, links: links)
                } else {
                    _ = decodeFile(corpus[index], cache: certificates, expectedInApp: corpus[index].expectedInApp)
                }
                index += 1
                if index == corpus.count { index = 0 }
                done += 1
            }
            if nowNanos() >= deadline { break }
        }
        let end = nowNanos()
        counts.withLock { $0[worker] = done }
        finish.withLock { $0 = max($0, end) }
    }
    let total = counts.withLock { $0.reduce(0, +) }
    let elapsed = Double(finish.withLock { $0 } - start) / 1e9
    return (total, elapsed)
}

/// One throughput phase: its settings and what it has done so far.
final class ThroughputPhase {
    let workers: Int
    let verify: Bool
    var receipts = 0
    var elapsed = 0.0

    init(workers: Int, verify: Bool) {
        self.workers = workers
        self.verify = verify
    }

    var perSecond: Double { Double(receipts) / elapsed }
}

/// Runs the phases in interleaved slices (`rounds` of them, `seconds / rounds` each) for the same reason as
/// ``runInterleaved(_:iterations:warmup:budgetSeconds:minimumSamples:rounds:)``: every phase sees the same mix of
/// machine states, so their ratios (2 workers / 1 thread, verify / decode only) mean something.
func runThroughput(
    _ phases: [ThroughputPhase], corpus: [ReceiptFile], policies: [VerificationPolicy], seconds: Double, rounds: Int = 12,
    certificates: CertificateCache, links: LinkSignatureCache
) {
    for _ in 0..<rounds {
        for phase in phases {
            let slice = corpusSlice(
                corpus, policies: policies, workers: phase.workers, seconds: seconds / Double(rounds), verify: phase.verify,
                certificates: certificates, links: links)
            phase.receipts += slice.receipts
            phase.elapsed += slice.elapsed
        }
    }
}

/// `verify/s` of the `rsa 2048 bits` line of `openssl speed`.
func parseOpenSSLSpeed(_ output: String) -> Double? {
    for line in output.split(separator: "\n") where line.hasPrefix("rsa 2048 bits") || line.hasPrefix("rsa  2048 bits") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        if let last = fields.last, let value = Double(last) { return value }
    }
    return nil
}

/// The baseline people reach for: one `openssl cms -verify -noverify` process per receipt (signature only, no
/// chain, no payload parsing), looped over the corpus's DER files. `extra` is inserted before `-in` (used for
/// `-no-CAfile -no-CApath -no-CAstore`). Runs in `rounds` slices alternating with the other loops, like the
/// throughput phases, and fails the run if any process does not exit 0.
final class CMSLoop {
    let extra: [String]
    var receipts = 0
    var elapsed = 0.0

    init(extra: [String]) { self.extra = extra }

    var perSecond: Double { Double(receipts) / elapsed }

    func run(derPaths: [String], seconds: Double) {
        let start = nowNanos()
        let deadline = start + UInt64(seconds * 1e9)
        var index = receipts % max(derPaths.count, 1)
        repeat {
            let path = derPaths[index]
            let status = runProcess(
                ["openssl", "cms", "-verify", "-inform", "DER", "-binary", "-noverify"] + extra + [
                    "-in", path, "-out", "/dev/null",
                ])
            guard status == 0 else { fail("openssl cms -verify failed on \(path) (status \(status.map(String.init) ?? "none"))") }
            receipts += 1
            index = (index + 1) % derPaths.count
        } while nowNanos() < deadline
        elapsed += Double(nowNanos() - start) / 1e9
    }
}

func runCMSLoops(_ loops: [CMSLoop], derPaths: [String], seconds: Double, rounds: Int = 4) {
    for _ in 0..<rounds {
        for loop in loops { loop.run(derPaths: derPaths, seconds: seconds / Double(rounds)) }
    }
}

/// `--profile`: the one call, repeated, with warm caches (verify-cold: a new pair of caches per call); prints calls and mean time to stderr.
func runProfileLoop(mode: String, path: String, seconds: Double) {
    let file: ReceiptFile
    do {
        file = try ReceiptFile(path: path)
    } catch {
        fail("\(error)")
    }
    var policy = VerificationPolicy()
    if path.hasPrefix("TestVectors/") {
        guard let root = readFile(InputSet.fallbackRoot), let anchors = try? X509Certificate.load(root) else {
            fail("cannot load \(InputSet.fallbackRoot)")
        }
        policy.anchors = anchors.map { TrustAnchor(certificate: $0, source: InputSet.fallbackRoot) }
    }
    if decodeFile(file, cache: .shared, expectedInApp: nil).isXcodeReceipt { policy.allowXcode = true }
    let links = LinkSignatureCache()
    let start = nowNanos()
    let deadline = start + UInt64(seconds * 1e9)
    var times: [UInt64] = []
    repeat {
        let before = nowNanos()
        switch mode {
        case "decode": _ = decodeFile(file, cache: .shared, expectedInApp: nil)
        case "verify": decodeAndVerify(file, policy: policy, certificates: .shared, links: links)
        default: decodeAndVerify(file, policy: policy, certificates: CertificateCache(), links: LinkSignatureCache())
        }
        times.append(nowNanos() - before)
    } while nowNanos() < deadline
    let elapsed = Double(nowNanos() - start) / 1e3
    let tenth = max(1, times.count / 10)
    let all = Samples(first: nil, samples: times)
    let early = Samples(first: nil, samples: Array(times.prefix(tenth)))
    let late = Samples(first: nil, samples: Array(times.suffix(tenth)))
    standardError(
        "receipt-bench: \(mode) \(file.name): \(times.count) calls, mean \(fixed(elapsed / Double(times.count), 1)) us, "
            + "median \(micros(all.medianMicros)), p90 \(micros(all.p90Micros)), min \(micros(all.minMicros)); "
            + "median of first tenth \(micros(early.medianMicros)), of last tenth \(micros(late.medianMicros))\n")
}
