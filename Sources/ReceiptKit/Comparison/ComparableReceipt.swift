/// A receipt ready to be set beside Apple's verifyReceipt answer: its `receipt` object in Apple's names, its
/// creation time, its local verification with the pinned Apple root, and the `receipt-data` Apple takes for it.
package struct ComparableReceipt: Sendable {
    package let decoded: DecodeDocument
    /// The local `receipt` object (``Receipt/json`` or the iOS 6 purchase info).
    package let object: [String: JSONValue]
    package let creation: Timestamp?
    package let verification: VerificationReport
    /// What to post as `receipt-data`: base64 of the container, or of the iOS 6 property list text.
    package let receiptData: String

    /// Decodes `bytes`; StoreKit 2 JWS has no verifyReceipt answer and is refused.
    package init(source: String, bytes: [UInt8]) throws(DecodeError) {
        let (input, content) = try ReceiptDecoder.decode(bytes)
        decoded = DecodeDocument(source: source, input: input, content: content)
        let verifier = ReceiptVerifier(policy: VerificationPolicy())
        switch (content, input.payload) {
        case (.appReceipt(let receipt), _):
            object = receipt.receipt.json.objectValue ?? [:]
            creation = receipt.receipt.creationDate
            verification = verifier.verify(receipt)
            receiptData = LenientBase64.encode(receipt.container.root.encodedBytes)
        case (.transactionReceipt(let transaction), .transactionReceipt(let plist)):
            object = transaction.json.objectValue ?? [:]
            creation = transaction.purchaseDate
            verification = verifier.verify(transaction)
            // Apple takes the base64 of the plist text, whatever wrapping the user's copy came in.
            receiptData = LenientBase64.encode(plist)
        case (.transactionReceipt, _), (.jws, _), (.signedDataBody, _):
            throw .input(.unrecognised("compare reads receipts; StoreKit 2 JWS has no verifyReceipt answer"))
        }
    }
}
