import Dispatch
import Foundation
import ReceiptTestSupport
import Synchronization
import TestSupport
import Testing

@testable import ReceiptKit

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

/// A certificate many threads meet at the same moment is decoded once, and they all get that one object.
@Suite struct CertificateFirstSightTests {
    @Test func threadsThatMeetANewCertificateTogetherShareOneDecode() throws {
        let pem = try Fixtures.testVector("pki/root.pem")
        let der = try #require(X509Certificate.load(pem).first).derBytes
        for round in 0..<20 {
            let cache = CertificateCache()
            let start = Atomic<Int>(0)
            let seen = Mutex<[ObjectIdentifier]>([])
            let finished = DispatchSemaphore(value: 0)
            for _ in 0..<8 {
                Thread {
                    // Everyone waits for everyone (on threads of their own), so the first lookups really meet.
                    start.add(1, ordering: .sequentiallyConsistent)
                    while start.load(ordering: .sequentiallyConsistent) < 8 {}
                    if let certificate = try? cache.certificate(der: der[...]) {
                        seen.withLock { $0.append(ObjectIdentifier(certificate)) }
                    }
                    finished.signal()
                }.start()
            }
            for _ in 0..<8 { finished.wait() }
            let identities = seen.withLock { $0 }
            #expect(identities.count == 8, "round \(round)")
            #expect(Set(identities).count == 1, "round \(round): \(Set(identities).count) distinct objects")
            #expect(cache.decodes.load(ordering: .relaxed) == 1, "round \(round)")
        }
    }
}
