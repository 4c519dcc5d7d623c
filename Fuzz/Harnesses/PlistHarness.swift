import Foundation
import ReceiptKit

/// Target `plist`: iOS 6 transaction receipts. The input is read twice:
/// 1. as the outer old-style property list (``OldStylePlist`` on its own, then ``TransactionReceipt``);
/// 2. as the purchase-info plist, wrapped in an outer plist with a well-formed signature blob
///    (``FuzzFixtures/transactionSignature``), because purchase-info travels as base64 and a mutation of the
///    outer text almost never yields a different but valid inner plist.
/// Each receipt that decodes is verified, and its dates and subscription view computed, as `verify`,
/// `compare` and `subscriptions` do.
enum PlistHarness {
    static func run(_ bytes: [UInt8]) {
        do {
            let parsed = try OldStylePlist.parseDictionary(bytes)
            Rendering.sink(parsed.pairs.count + parsed.trailingBytes)
        } catch {
            Rendering.sink(error.offset)
        }
        exercise(plist: bytes)
        guard let signature = FuzzFixtures.transactionSignature else { return }
        let wrapped = """
            {
            \t"signature" = "\(signature)";
            \t"purchase-info" = "\(Data(bytes).base64EncodedString())";
            \t"environment" = "Sandbox";
            }
            """
        exercise(plist: Array(wrapped.utf8))
    }

    static func exercise(plist: [UInt8]) {
        let transaction: TransactionReceipt
        do {
            transaction = try TransactionReceipt(plist: plist)
        } catch {
            return
        }
        for verifier in FuzzVerifiers.receiptVerifiers { _ = verifier.verify(transaction) }
        if let purchase = transaction.purchaseDate { Rendering.sink(Rendering.text(purchase).count) }
        let inputs = SubscriptionInputs(transaction: transaction)
        guard let time = inputs.defaultTime else { return }
        Rendering.consume(
            SubscriptionEvaluator(at: time, sandbox: inputs.sandbox)
                .evaluate(transactions: inputs.transactions, renewals: inputs.renewals))
    }
}
