import ReceiptKit

/// Target `subscriptions`: the verifyReceipt response model, the subscription evaluator and the comparison
/// with a local receipt, fed (1) the input itself as a response document and (2) a response built from the
/// input by ``ExtremeResponse``, whose `_ms` values sit near Int64's limits.
enum SubscriptionsHarness {
    static func run(_ bytes: [UInt8]) {
        exercise(response: bytes, local: nil, at: nil, periods: [:])

        var input = FuzzBytes(bytes)
        let remote = ExtremeResponse.document(&input)
        let local = ExtremeResponse.receipt(&input)
        let at = Timestamp(milliseconds: ExtremeNumbers.milliseconds(&input))
        var periods: [String: ISO8601Duration] = [:]
        do {
            let duration = try ISO8601Duration(ExtremeResponse.period(&input))
            periods[input.pick(ExtremeResponse.products)] = duration
        } catch {
            Rendering.sink(error.reason.count)
        }
        exercise(response: Array(remote.utf8), local: Array(local.utf8), at: at, periods: periods)
    }

    /// What `subscriptions` and `compare` do with a response: read it, evaluate every subscription at each
    /// time the response suggests, render the dates, and compare its receipt with a local one.
    static func exercise(response bytes: [UInt8], local: [UInt8]?, at: Timestamp?, periods: [String: ISO8601Duration]) {
        let response: VerifyReceiptResponse
        do {
            response = try VerifyReceiptResponse(json: try JSONParser.parse(bytes))
        } catch {
            return
        }
        let inputs = SubscriptionInputs(response: response)
        for time in [at, inputs.defaultTime, response.requestDate].compactMap({ $0 }) {
            let result = SubscriptionEvaluator(at: time, periods: periods, sandbox: inputs.sandbox)
                .evaluate(transactions: inputs.transactions, renewals: inputs.renewals)
            Rendering.consume(result)
        }
        guard let remote = response.receipt else { return }
        var localObject = remote
        if let local {
            do {
                localObject = try JSONParser.parse(local).objectValue ?? [:]
            } catch {
                localObject = [:]
            }
        }
        let comparison = ReceiptComparison(
            local: localObject, remote: remote, latestReceiptInfo: response.latestReceiptInfo, localCreation: at)
        Rendering.consume(comparison)
    }
}
