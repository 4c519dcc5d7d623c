extension TransactionReceipt {
    /// The purchase info under the names verifyReceipt uses for these receipts: hyphens become underscores
    /// (`bid`, `bvrs`, `transaction_id`, `purchase_date_ms`, `expires_date_formatted` ...).
    package func write(to output: inout JSONOutput) {
        output.beginObject()
        for (key, value) in renamedPurchaseInfo.sorted(by: { $0.key < $1.key }) {
            output.dynamicKey(key)
            output.string(value)
        }
        output.endObject()
    }

    /// The purchase info with verifyReceipt's names (two keys that differ only in `-` and `_` give one).
    private var renamedPurchaseInfo: [String: String] {
        var renamed: [String: String] = [:]
        for (key, value) in purchaseInfo { renamed[String(key.map { $0 == "-" ? "_" : $0 })] = value }
        return renamed
    }

    /// The `receipt` object as a value, read back from its bytes: for comparing with Apple's JSON and for tests.
    package var json: JSONValue { JSONValue.rendered { write(to: &$0) } }
}
