import ReceiptKit

/// Target `decode-verify`: what `appreceipt verify` does with a file. Input sniffing (base64, PEM, JSON
/// wrappers, plist, JWS, App Store Server API bodies), decoding, then verification under every policy of
/// ``FuzzVerifiers`` (app receipts, iOS 6 transaction receipts, StoreKit 2 JWS with their nested items), and
/// the subscription view the verified document gives.
enum DecodeVerifyHarness {
    static func run(_ bytes: [UInt8]) {
        let document: ReceiptDecoder.Document
        do {
            document = try ReceiptDecoder.decode(bytes).document
        } catch {
            return
        }
        var inputs: [SubscriptionInputs] = []
        switch document {
        case .appReceipt(let receipt):
            for verifier in FuzzVerifiers.receiptVerifiers { _ = verifier.verify(receipt) }
            inputs.append(SubscriptionInputs(receipt: receipt))
        case .transactionReceipt(let transaction):
            for verifier in FuzzVerifiers.receiptVerifiers { _ = verifier.verify(transaction) }
            inputs.append(SubscriptionInputs(transaction: transaction))
        case .jws(let jws):
            inputs += FuzzVerifiers.signedDataVerifiers.map { StoreKitSubscriptionInputs($0.verify(jws)).inputs }
        case .signedDataBody(let body):
            inputs += FuzzVerifiers.signedDataVerifiers.map { StoreKitSubscriptionInputs($0.verify(body)).inputs }
        }
        for input in inputs {
            guard let time = input.defaultTime else { continue }
            Rendering.consume(
                SubscriptionEvaluator(at: time, sandbox: input.sandbox)
                    .evaluate(transactions: input.transactions, renewals: input.renewals))
        }
    }
}
