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
            receiptSHA256 = Self.sha256Hex(appReceipt.container.root.encodedBytes)
            payloadSHA256 = Self.sha256Hex(appReceipt.container.contentBytes)
        case .transactionReceipt(let transaction):
            if case .transactionReceipt(let plist) = input.payload { receiptSHA256 = Self.sha256Hex(plist) }
            payloadSHA256 = Self.sha256Hex(transaction.purchaseInfoBytes)
        case .jws, .signedDataBody:
            kind = InputKind(document)
            verdict = .unverifiableHere
            error = AuditRecordError(
                message:
                    "StoreKit 2 signed data is recognised, but audit does not verify it yet (use verify), so there is no verdict")
        }
        if let facts = InputFacts(receipt: document) { fill(facts: facts) }
        guard let report else { return nil }
        verdict = AuditVerdict(report.verdict)
        failedChecks = report.problemCheckIDs.map { .known($0) }
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
}
