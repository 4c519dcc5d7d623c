/// The local side of a comparison with Apple's transaction history: a receipt's in-app transactions, or one
/// signed StoreKit 2 transaction, under verifyReceipt's names, with the local verdict and the original
/// transaction ids whose history to ask for.
package struct LocalTransactions: Sendable {
    package let decoded: DecodeDocument
    package let transactions: [[String: JSONValue]]
    /// When the local data was made: the receipt's creation date, or the transaction's `signedDate`.
    package let creation: Timestamp?
    package let verification: VerificationReport

    /// A receipt (verified with the pinned Apple roots, as `compare` does) or a JWS transaction (verified under
    /// `policy`, as `verify` does); anything else is refused.
    package init(source: String, bytes: [UInt8], policy: VerificationPolicy) throws(DecodeError) {
        let (input, content) = try ReceiptDecoder.decode(bytes)
        guard case .jws(let jws) = content else {
            let receipt = try ComparableReceipt(source: source, bytes: bytes)
            decoded = receipt.decoded
            transactions = VerifyReceiptResponse.objects(receipt.object["in_app"])
            creation = receipt.creation
            verification = receipt.verification
            return
        }
        guard let model = jws.storeKit.transaction else {
            throw .input(.unrecognised("compare --api reads a receipt or a signed transaction, not this JWS"))
        }
        decoded = DecodeDocument(source: source, input: input, content: content)
        transactions = [StoreKitSubscriptionInputs.purchase(model).fields]
        creation = model.signedDate
        verification = JWSVerifier(policy: policy).verify(jws, expected: .transaction)
    }

    /// The distinct original transaction ids, in the order the local data names them (transaction ids where an
    /// entry has no original one).
    package var originalTransactionIDs: [String] {
        var seen: Set<String> = []
        return transactions.compactMap { entry in
            guard let id = (entry["original_transaction_id"] ?? entry["transaction_id"])?.scalarText, seen.insert(id).inserted
            else { return nil }
            return id
        }
    }

    /// Apple's history items that verified, under verifyReceipt's names (only signed data that verified counts).
    package static func history(_ items: [SignedDataReport]) -> [PurchaseRecord] {
        items.compactMap { item in
            guard item.verdict == .valid, let model = item.jws?.storeKit.transaction else { return nil }
            return StoreKitSubscriptionInputs.purchase(model)
        }
    }
}
