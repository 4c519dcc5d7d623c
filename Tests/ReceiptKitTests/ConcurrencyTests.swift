import Dispatch
import ReceiptKit
import Synchronization
import Testing

/// The shared caches and OpenSSL objects are used from several threads at once, as a batch run does.
@Suite struct ConcurrencyTests {
    @Test func parallelVerificationSharesCachesSafely() throws {
        let vectors = try VectorExpectation.of(kind: "receipt", where: { $0.string("trust_anchor") == "pki/root.pem" })
        let files = vectors.map(\.file)
        let inputs = try files.map { try Fixtures.testVector($0) }
        let policy = try testPolicy()
        let certificates = CertificateCache()
        let links = LinkSignatureCache()
        let verdicts = Mutex<[String: Int]>([:])
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<25 {
                let bytes = inputs[(worker + round) % inputs.count]
                let verdict: String
                do {
                    let (_, document) = try ReceiptDecoder.decode(bytes, cache: certificates)
                    if case .appReceipt(let receipt) = document {
                        verdict = ReceiptVerifier(policy: policy, linkCache: links).verify(receipt).verdict.rawValue
                    } else {
                        verdict = "not an app receipt"
                    }
                } catch {
                    verdict = "\(error)"
                }
                verdicts.withLock { $0[verdict, default: 0] += 1 }
            }
        }
        #expect(verdicts.withLock { $0 } == ["valid": 200])
        // Each distinct test certificate decoded once, however many threads asked for it.
        let distinct = Set(vectors.flatMap { $0["certificates"] as? [String] ?? [] })
        #expect(certificates.count == distinct.count)
    }
}
