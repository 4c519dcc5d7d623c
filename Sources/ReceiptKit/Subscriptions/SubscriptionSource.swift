/// Reads what `subscriptions` evaluates: a verifyReceipt response when the input is JSON with a status,
/// otherwise a receipt (app or iOS 6) or StoreKit 2 signed data (a notification, a transaction, an App Store
/// Server API answer), whose items are verified with `policy` on the way: only valid items count.
package enum SubscriptionSource {
    /// Why an input could not be read.
    package enum Failure: Error, Sendable {
        /// JSON with a status that is not a verifyReceipt response Apple would send.
        case response(VerifyReceiptResponse.Failure)
        /// Not a receipt either.
        case undecodable(DecodeError)
    }

    package static func read(source: String, bytes: [UInt8], policy: VerificationPolicy = VerificationPolicy()) throws(Failure)
        -> (SubscriptionInputs, SubscriptionReport.Origin)
    {
        if bytes.first(where: { !ASCII.isWhitespace($0) }) == UInt8(ascii: "{"), let json = parsedObject(bytes),
            json["status"] != nil
        {
            do throws(VerifyReceiptResponse.Failure) {
                let response = try VerifyReceiptResponse(json: json)
                return (SubscriptionInputs(response: response), .response(source: source, response))
            } catch {
                throw .response(error)
            }
        }
        let decoded: DecodeDocument
        do throws(DecodeError) {
            decoded = try DecodeDocument(source: source, bytes: bytes)
        } catch {
            throw .undecodable(error)
        }
        switch decoded.content {
        case .appReceipt(let receipt):
            return (SubscriptionInputs(receipt: receipt), .receipt(source: source, kind: decoded.input.kind))
        case .transactionReceipt(let transaction):
            return (SubscriptionInputs(transaction: transaction), .receipt(source: source, kind: decoded.input.kind))
        case .jws(let jws):
            let storeKit = StoreKitSubscriptionInputs(SignedDataVerifier(policy: policy).verify(jws))
            return (storeKit.inputs, .storeKit(source: source, kind: decoded.input.kind, storeKit))
        case .signedDataBody(let body):
            let storeKit = StoreKitSubscriptionInputs(SignedDataVerifier(policy: policy).verify(body))
            return (storeKit.inputs, .storeKit(source: source, kind: decoded.input.kind, storeKit))
        }
    }

    /// The input as JSON when it parses; anything else (a failed parse included) is read as a receipt.
    private static func parsedObject(_ bytes: [UInt8]) -> JSONValue? {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            return nil
        }
    }
}
