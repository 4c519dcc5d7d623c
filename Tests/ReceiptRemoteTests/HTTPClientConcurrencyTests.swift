import Dispatch
import Foundation
import Testing

@testable import ReceiptRemote

/// libcurl's process-wide set-up happens once however many threads make the first request together
/// (``CurlLibrary``), and each request has a handle of its own: eight threads at once all get an answer of
/// their own (here a refused connection to a closed loopback port), none a crash or another's error.
@Suite struct HTTPClientConcurrencyTests {
    /// Outcomes filed by index from several threads.
    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [Int: String] = [:]

        func file(_ index: Int, _ text: String) {
            lock.lock()
            defer { lock.unlock() }
            texts[index] = text
        }

        var all: [Int: String] {
            lock.lock()
            defer { lock.unlock() }
            return texts
        }
    }

    @Test func requestsFromEightThreadsAtOnceEachGetTheirOwnAnswer() throws {
        // Port 9 (discard) on loopback: nothing listens there on a test machine, so each connect is refused.
        let endpoint = try #require(HTTPEndpoint("http://127.0.0.1:9/verifyReceipt"))
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let request = HTTPRequest(
                endpoint: endpoint, body: Array("{\"n\":\(index)}".utf8), headers: ["Content-Type: application/json"],
                timeout: 5, maximumResponseSize: 1 << 20, trust: TrustedCertificates())
            do throws(HTTPTransportError) {
                let response = try HTTPClient.send(request)
                outcomes.file(index, "answered HTTP \(response.status)")
            } catch {
                outcomes.file(index, error.description)
            }
        }
        let all = outcomes.all
        #expect(all.count == 8)
        for (index, text) in all {
            #expect(text.hasPrefix("cannot connect to 127.0.0.1 port 9"), "thread \(index): \(text)")
        }
    }
}
