/// The one entry point from bytes to a decoded document, whatever kind of receipt the bytes hold.
public enum ReceiptDecoder {
    /// What an input turned out to be, decoded.
    public enum Document: Sendable {
        /// An App Store receipt (or an Xcode StoreKit-testing one).
        case appReceipt(AppReceipt)
        /// An iOS 6 style transaction receipt (a signed plist).
        case transactionReceipt(TransactionReceipt)
        /// One StoreKit 2 signed item (a transaction, renewal info, app transaction or notification).
        case jws(CompactJWS)
        /// An App Store Server API answer (or notification body) carrying StoreKit 2 signed items.
        case signedDataBody(SignedDataBody)
    }

    /// Unwraps and decodes `bytes`, throwing the first layer's refusal with its offset.
    /// - Parameters:
    ///   - bytes: The input as read: base64 or DER receipt, PEM, a JWS, or a JSON body carrying signed items.
    ///   - cache: Where decoded certificates are kept, so a batch decodes each certificate once.
    /// - Returns: What the input was unwrapped as, and the decoded document.
    /// - Throws: `DecodeError` from the first layer that refused the bytes.
    public static func decode(_ bytes: [UInt8], cache: CertificateCache = .shared) throws(DecodeError)
        -> (input: ReceiptInput, document: Document)
    {
        let input: ReceiptInput
        do {
            input = try InputDecoder.decode(bytes)
        } catch {
            throw .input(error)
        }
        switch input.payload {
        case .pkcs7(let der): return (input, .appReceipt(try AppReceipt(der: der, cache: cache)))
        case .transactionReceipt(let plist):
            return (input, .transactionReceipt(try TransactionReceipt(plist: plist, cache: cache)))
        case .jws(let token):
            return (input, .jws(try CompactJWS(token, sniffedHeader: input.sniffedJWSHeader, cache: cache)))
        case .signedDataBody(let body): return (input, .signedDataBody(body))
        }
    }
}
