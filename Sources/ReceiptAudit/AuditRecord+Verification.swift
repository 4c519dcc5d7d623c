import ReceiptKit

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
            transactions = receipt.inApp.map(Self.transaction(of:))
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

    /// What `transactionID`, `purchaseDate` and the other accessors of `purchase` answer, read in one pass over
    /// its records instead of a scan (and a retain of the records) per field: a big receipt has hundreds of
    /// purchases. A set holds at most one valued record per type (the decoder leaves repeats unknown), so the
    /// record a case meets is the one the accessor would find, and its state decides the same way.
    static func transaction(of purchase: InAppPurchase) -> AuditTransaction {
        let attributes = purchase.attributes
        let bytes = attributes.recordBytes
        // Locals, not a var of the struct: mutating one in the loop made the optimiser copy it whole.
        var productID: String? = nil
        var transactionID: String? = nil
        var originalTransactionID: String? = nil
        var purchaseDate: Timestamp? = nil
        var expiresDate: Timestamp? = nil
        var cancellationDate: Timestamp? = nil
        var isTrialPeriod: Bool? = nil
        var isInIntroOfferPeriod: Bool? = nil
        for record in attributes.records where record.state.hasValue {
            switch (InAppField(rawValue: record.type), record.state) {
            case (.productID?, .string): productID = record.text(bytes)
            case (.transactionID?, .string): transactionID = record.text(bytes)
            case (.purchaseDate?, .date): purchaseDate = Timestamp(milliseconds: record.number)
            case (.originalTransactionID?, .string): originalTransactionID = record.text(bytes)
            case (.expiresDate?, .date): expiresDate = Timestamp(milliseconds: record.number)
            case (.cancellationDate?, .date): cancellationDate = Timestamp(milliseconds: record.number)
            case (.isTrialPeriod?, .flag): isTrialPeriod = record.number == 1
            case (.isInIntroOfferPeriod?, .flag): isInIntroOfferPeriod = record.number == 1
            default: break
            }
        }
        return AuditTransaction(
            transactionID: transactionID, originalTransactionID: originalTransactionID, productID: productID,
            purchaseDate: purchaseDate, expiresDate: expiresDate, cancellationDate: cancellationDate,
            isTrialPeriod: isTrialPeriod, isInIntroOfferPeriod: isInIntroOfferPeriod)
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
