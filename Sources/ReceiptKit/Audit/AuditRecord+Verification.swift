/// The one place where the audit reads the decoder's documents and the verifier's report. When the verification
/// types change shape, this file is what changes; StoreKit 2 records are filled in `AuditRecord+StoreKit.swift`.
extension AuditRecord {
    /// The verification of a receipt; nil for StoreKit 2 signed data, which ``fill(signedData:input:policy:)``
    /// verifies itself.
    static func verificationReport(for document: ReceiptDecoder.Document, verifier: ReceiptVerifier) -> VerificationReport? {
        switch document {
        case .appReceipt(let receipt): return verifier.verify(receipt)
        case .transactionReceipt(let transaction): return verifier.verify(transaction)
        case .jws, .signedDataBody: return nil
        }
    }

    /// Fills the record from a decoded document and its report. Returns the device hash check's detail when that
    /// check failed, for the `device_mismatch` signal.
    mutating func fill(from document: ReceiptDecoder.Document, input: ReceiptInput, report: VerificationReport?) -> String? {
        switch document {
        case .appReceipt(let appReceipt):
            let receipt = appReceipt.receipt
            kind = appReceipt.kindName
            receiptSHA256 = Self.sha256Hex(appReceipt.container.root.encodedBytes)
            payloadSHA256 = Self.sha256Hex(appReceipt.container.contentBytes)
            bundleID = receipt.bundleID
            environment = receipt.environment.rawValue
            creationDate = receipt.creationDate
            transactions = receipt.inApp.map { purchase in
                AuditTransaction(
                    transactionID: purchase.transactionID, originalTransactionID: purchase.originalTransactionID,
                    productID: purchase.productID, purchaseDate: purchase.purchaseDate, expiresDate: purchase.expiresDate,
                    cancellationDate: purchase.cancellationDate, isTrialPeriod: purchase.isTrialPeriod,
                    isInIntroOfferPeriod: purchase.isInIntroOfferPeriod)
            }
        case .transactionReceipt(let transaction):
            let info = transaction.purchaseInfo
            kind = input.kindName
            if case .transactionReceipt(let plist) = input.payload { receiptSHA256 = Self.sha256Hex(plist) }
            payloadSHA256 = Self.sha256Hex(transaction.purchaseInfoBytes)
            bundleID = info["bid"]
            environment = transaction.environment
            creationDate = transaction.purchaseDate
            transactions = [
                AuditTransaction(
                    transactionID: info["transaction-id"], originalTransactionID: info["original-transaction-id"],
                    productID: info["product-id"], purchaseDate: transaction.purchaseDate,
                    expiresDate: Self.milliseconds(info["expires-date"]),
                    cancellationDate: Self.milliseconds(info["cancellation-date"]),
                    isTrialPeriod: Self.flag(info["is-trial-period"]),
                    isInIntroOfferPeriod: Self.flag(info["is-in-intro-offer-period"]))
            ]
        case .jws, .signedDataBody:
            kind = input.kindName
            verdict = .unverifiableHere
            error = AuditRecordError(
                message:
                    "StoreKit 2 signed data is recognised, but audit does not verify it yet (use verify), so there is no verdict")
        }
        guard let report else { return nil }
        verdict = AuditVerdict(rawValue: report.verdict.rawValue) ?? .unverifiableHere
        failedChecks = report.problemCheckIDs.map(\.rawValue)
        return report.checks.first { $0.id == .deviceHash && $0.status == .fail }?.detail.description
    }

    /// Lowercase hex SHA-256, or nil in the one case it cannot be computed: an OpenSSL that refuses SHA-256
    /// outright (the verdict, made by the verifier, does not depend on these identities).
    static func sha256Hex(_ bytes: some Collection<UInt8>) -> String? {
        do {
            return try DigestAlgorithm.sha256.hash(bytes).hexString()
        } catch {
            return nil
        }
    }

    /// An iOS 6 `*-date` value in milliseconds, within the instants the tool reads from input
    /// (``Timestamp/supportedRange``); anything else is left out.
    /// An iOS 6 purchase-info flag ("true"/"false"); anything else is not known.
    private static func flag(_ text: String?) -> Bool? {
        switch text {
        case "true"?: return true
        case "false"?: return false
        default: return nil
        }
    }

    private static func milliseconds(_ text: String?) -> Timestamp? {
        guard let text, let value = Int64(text) else { return nil }
        do {
            return try Timestamp(checkedMilliseconds: value)
        } catch {
            return nil
        }
    }
}
