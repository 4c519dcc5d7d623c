import ReceiptKit

/// Target `decode-verify`: what `appreceipt verify` does with a file. Input sniffing (base64, PEM, JSON
/// wrappers, plist, JWS), decoding of app and iOS 6 receipts, then every verifier of ``FuzzVerifiers`` and
/// the subscription view a receipt alone gives.
enum DecodeVerifyHarness {
    static func run(_ bytes: [UInt8]) {
        let document: ReceiptDecoder.Document
        do {
            document = try ReceiptDecoder.decode(bytes).document
        } catch {
            return
        }
        let inputs: SubscriptionInputs
        switch document {
        case .appReceipt(let receipt):
            for verifier in FuzzVerifiers.all { _ = verifier.verify(receipt) }
            inputs = SubscriptionInputs(receipt: receipt)
        case .transactionReceipt(let transaction):
            for verifier in FuzzVerifiers.all { _ = verifier.verify(transaction) }
            inputs = SubscriptionInputs(transaction: transaction)
        case .jws:
            return
        }
        guard let time = inputs.defaultTime else { return }
        Rendering.consume(
            SubscriptionEvaluator(at: time, sandbox: inputs.sandbox)
                .evaluate(transactions: inputs.transactions, renewals: inputs.renewals))
    }
}
