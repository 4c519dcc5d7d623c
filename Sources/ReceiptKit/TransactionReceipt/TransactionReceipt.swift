/// An iOS 6 style transaction receipt (`SKPaymentTransaction.transactionReceipt`, receipt-format.md §6.9).
///
/// The outer old-style plist carries `purchase-info` (base64 of another plist) and `signature` (base64 of
/// version byte, RSA signature, 4-byte big-endian certificate length and the DER signing certificate).
public struct TransactionReceipt: Sendable {
    /// The outer plist entries other than purchase-info and signature (environment, pod, signing-status).
    public let envelope: [String: String]
    /// The purchase-info plist entries as written (`purchase-date`, `bid`, `transaction-id` ...).
    public let purchaseInfo: [String: String]
    /// The base64-decoded purchase-info bytes, which the signature covers after the version byte.
    public let purchaseInfoBytes: [UInt8]
    /// The signature blob's version byte (2 or 3).
    public let signatureVersion: UInt8
    /// The RSA signature over the version byte and purchase-info.
    public let signature: [UInt8]
    /// The signing certificate carried in the signature blob.
    public let certificate: X509Certificate
    /// Oddities that did not stop decoding.
    public let warnings: [String]
    /// When the purchase was made, from `purchase-date-ms` or else the formatted `purchase-date`; nil when
    /// neither is present and readable (then ``purchaseDateProblem`` says why).
    public let purchaseDate: Timestamp?
    /// Which purchase date entries are present but unreadable (an impossible date, milliseconds out of range),
    /// naming each key and what was used instead; also listed in ``warnings``.
    public let purchaseDateProblem: String?

    /// Decodes the outer plist, its purchase-info and the signature blob.
    /// - Parameters:
    ///   - plist: The receipt's bytes (the old-style plist, already unwrapped from base64).
    ///   - cache: Where decoded certificates are kept.
    /// - Throws: `DecodeError` naming what was wrong and where.
    public init(plist: [UInt8], cache: CertificateCache = .shared) throws(DecodeError) {
        let outer: [(key: String, value: String)]
        var warnings: [String] = []
        do {
            let parsed = try OldStylePlist.parseDictionary(plist)
            outer = parsed.pairs
            if parsed.trailingBytes > 0 {
                warnings.append("\(parsed.trailingBytes) stray byte(s) after the property list's closing brace were ignored")
            }
        } catch {
            throw .input(.invalidPlist(offset: error.offset, reason: error.reason))
        }
        var envelope: [String: String] = [:]
        for (key, value) in outer where envelope[key] == nil { envelope[key] = value }
        guard let purchaseInfoText = envelope.removeValue(forKey: "purchase-info") else {
            throw .transactionReceipt(.missingKey("purchase-info"))
        }
        guard let signatureText = envelope.removeValue(forKey: "signature") else {
            throw .transactionReceipt(.missingKey("signature"))
        }
        self.envelope = envelope
        purchaseInfoBytes = try Self.base64(purchaseInfoText, key: "purchase-info")
        do {
            purchaseInfo = Dictionary(
                try OldStylePlist.parseDictionary(purchaseInfoBytes).pairs.map { ($0.key, $0.value) }
            ) { first, _ in first }
        } catch {
            throw .transactionReceipt(.invalidPurchaseInfo(offset: error.offset, reason: error.reason))
        }
        (purchaseDate, purchaseDateProblem) = Self.purchaseDate(purchaseInfo)
        if let purchaseDateProblem { warnings.append(purchaseDateProblem) }
        self.warnings = warnings
        let blob = try Self.base64(signatureText, key: "signature")
        guard let version = blob.first else { throw .transactionReceipt(.invalidSignatureBlob("empty")) }
        let signatureLength: Int
        switch version {
        case 2: signatureLength = 128
        case 3: signatureLength = 256
        default: throw .transactionReceipt(.invalidSignatureBlob("unknown version byte \(version), expected 2 or 3"))
        }
        guard blob.count >= 1 + signatureLength + 4 else {
            throw .transactionReceipt(.invalidSignatureBlob("\(blob.count) bytes is too short for version \(version)"))
        }
        signatureVersion = version
        signature = Array(blob[1..<(1 + signatureLength)])
        let lengthStart = 1 + signatureLength
        let certificateLength = blob[lengthStart..<(lengthStart + 4)].reduce(0) { $0 << 8 | Int($1) }
        let certificateStart = lengthStart + 4
        guard certificateLength > 0, certificateStart + certificateLength == blob.count else {
            throw .transactionReceipt(
                .invalidSignatureBlob(
                    "certificate length \(certificateLength) does not match the \(blob.count - certificateStart) bytes that follow"
                ))
        }
        do {
            certificate = try cache.certificate(der: blob[certificateStart...])
        } catch {
            throw .transactionReceipt(.invalidCertificate(error))
        }
    }

    /// The bytes the signature covers: the version byte followed by the raw purchase-info bytes.
    package var signedBytes: [UInt8] { [signatureVersion] + purchaseInfoBytes }

    /// The purchase date from the first readable of `purchase-date-ms` and `purchase-date`, and a line naming
    /// each one present but unreadable (an out-of-range count, an impossible date) and what was used instead.
    private static func purchaseDate(_ info: [String: String]) -> (Timestamp?, String?) {
        var unreadable: [String] = []
        for key in ["purchase-date-ms", "purchase-date"] {
            guard let text = info[key], !text.isEmpty else { continue }
            do throws(ReceiptDateParser.Failure) {
                let timestamp =
                    key == "purchase-date-ms"
                    ? try ReceiptDateParser.parseMilliseconds(text) : try ReceiptDateParser.parseAppleGMT(text)
                return (timestamp, unreadable.isEmpty ? nil : unreadable.joined(separator: "; ") + "; \(key) used instead")
            } catch {
                unreadable.append("\(key) \"\(text)\": \(error.reason)")
            }
        }
        return (nil, unreadable.isEmpty ? nil : unreadable.joined(separator: "; ") + "; the purchase date reads as absent")
    }

    /// The environment entry ("Sandbox"); production receipts often leave it out.
    public var environment: String { envelope["environment"] ?? "Production" }

    private static func base64(_ text: String, key: String) throws(DecodeError) -> [UInt8] {
        do {
            return try LenientBase64.decode(Array(text.utf8)).bytes
        } catch {
            throw .transactionReceipt(.notBase64(key: key, offset: error.offset, reason: error.reason))
        }
    }
}
