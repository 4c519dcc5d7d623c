import Testing

@testable import ReceiptRemote

/// The verifyReceipt client's back-off between attempts (`nanosleep`, resumed after a signal).
@Suite struct RetryPauseTests {
    @Test func aBackOffPauseWaitsAboutAsLongAsAsked() {
        let clock = ContinuousClock()
        let elapsed = clock.measure { VerifyReceiptClient.pause(seconds: 0.02) }
        #expect(elapsed >= .milliseconds(20))
        #expect(clock.measure { VerifyReceiptClient.pause(seconds: -1) } < .milliseconds(20))
        #expect(clock.measure { VerifyReceiptClient.pause(seconds: .nan) } < .milliseconds(20))
    }
}

/// The timeout the transport is given is checked before any request.
@Suite struct VerifyReceiptTimeoutTests {
    @Test func verifyReceiptTimeoutsOutsideTheTransportRangeAreRefused() {
        for timeout in [Double.infinity, .nan, 1e300, 0, -1] {
            var configuration = VerifyReceiptClient.Configuration()
            configuration.timeout = timeout
            configuration.productionURL = "http://127.0.0.1:9/verifyReceipt"
            // Refused before any request: a port-9 connection attempt would give .unreachable instead.
            do {
                _ = try VerifyReceiptClient(configuration: configuration)
                    .verify(receiptData: "AA==", password: nil, excludeOldTransactions: false)
                Issue.record("timeout \(timeout) was accepted")
            } catch {
                guard case .invalidTimeout = error else {
                    Issue.record("timeout \(timeout): \(error)")
                    continue
                }
            }
        }
    }
}
