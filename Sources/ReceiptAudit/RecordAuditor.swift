public import ReceiptKit

/// Audits one record on its own: parses the line, decodes and verifies the receipt with the record's own device
/// and bundle ids taking precedence over the policy's, and raises the signals that need no other record.
///
/// A value type with no mutable state, so any number of workers share one.
public struct RecordAuditor: Sendable {
    /// The verification policy; a record's own device and bundle ids replace the policy's for that record.
    public var policy: VerificationPolicy
    /// `creation_date_in_future` is raised for receipts created after this time.
    public var referenceTime: Timestamp
    /// How to name the reference time in a signal's detail: `--at` or `the audit's start`.
    public var referenceTimeName: String
    /// Where the workers share parsed certificates.
    public var certificateCache: CertificateCache
    /// Where the workers share chain links already checked, so Apple's intermediates are verified once.
    public var linkCache: LinkSignatureCache

    /// An auditor for one policy and reference time.
    ///
    /// - Parameters:
    ///   - policy: What every receipt is verified against.
    ///   - referenceTime: Receipts created after it raise `creation_date_in_future`.
    ///   - referenceTimeName: How signal details name the reference time.
    ///   - certificateCache: Shared parsed certificates; ``CertificateCache/shared`` by default.
    ///   - linkCache: Shared checked chain links; ``LinkSignatureCache/shared`` by default.
    public init(
        policy: VerificationPolicy, referenceTime: Timestamp, referenceTimeName: String,
        certificateCache: CertificateCache = .shared, linkCache: LinkSignatureCache = .shared
    ) {
        self.policy = policy
        self.referenceTime = referenceTime
        self.referenceTimeName = referenceTimeName
        self.certificateCache = certificateCache
        self.linkCache = linkCache
    }

    /// Parses, decodes and verifies one record and raises its own signals; never throws, since a record that
    /// cannot be read is a `malformed` record.
    ///
    /// - Parameter item: The record as read.
    /// - Returns: The record without cross-record signals (``AuditReducer`` adds those).
    public func audit(_ item: AuditItem) -> AuditRecord {
        let bytes: [UInt8]
        var line: RecordLine? = nil
        var prefix = ""
        switch item.content {
        case .unreadable(let message), .refused(let message):
            return .malformed(number: item.number, source: item.source, AuditRecordError(message: message))
        case .file(let content):
            bytes = content
        case .line(let content, let number):
            prefix = "line \(number): "
            do {
                line = try RecordLine.parse(content)
            } catch {
                return .malformed(
                    number: item.number, source: item.source,
                    AuditRecordError(message: prefix + error.message, offset: error.offset))
            }
            bytes = line?.receipt ?? []
        }
        var record = AuditRecord(number: item.number, source: item.source, verdict: .malformed)
        record.id = line?.id
        record.userID = line?.userID

        var recordPolicy = policy
        if let device = line?.deviceID {
            guard let identifier = DeviceIdentifier(device) else {
                record.error = AuditRecordError(
                    message: prefix + "device_id '\(device)' is neither a UUID (iOS identifierForVendor) nor a MAC address")
                return record
            }
            recordPolicy.deviceID = identifier
        }
        if let bundle = line?.bundleID { recordPolicy.bundleIDs = [bundle] }

        // Two values rather than one tuple: a tuple of these was destroyed through the runtime's generic tuple
        // witness, once per record.
        let input: ReceiptInput
        let document: ReceiptDecoder.Document
        do {
            (input, document) = try ReceiptDecoder.decode(bytes, cache: certificateCache)
        } catch {
            let hint = line == nil ? Self.recordsHint(bytes) : ""
            record.error = AuditRecordError(message: prefix + error.description + hint, offset: error.offset)
            return record
        }
        if record.fill(signedData: document, policy: recordPolicy, linkCache: linkCache, cache: certificateCache) {
            record.signals = signals(for: record, policy: recordPolicy, deviceFailure: nil)
            return record
        }
        let verifier = ReceiptVerifier(policy: recordPolicy, linkCache: linkCache)
        let report = AuditRecord.verificationReport(for: document, verifier: verifier)
        let deviceFailure = record.fill(from: document, input: input, report: report)
        record.signals = signals(for: record, policy: recordPolicy, deviceFailure: deviceFailure)
        return record
    }

    /// For a whole file that is not one receipt but has several lines (JWS or base64 receipts one per line, saved
    /// under a name that is not a records file's): how to read it as records.
    static func recordsHint(_ bytes: [UInt8]) -> String {
        var lines = 0
        var blank = true
        for byte in bytes {
            if byte == 0x0A {
                if !blank { lines += 1 }
                blank = true
            } else if !ASCII.isWhitespace(byte) {
                blank = false
            }
            if lines > 1 { break }
        }
        if !blank { lines += 1 }
        guard lines > 1 else { return "" }
        return " (the file has several lines: if each is a record, give it with --records FILE or name it .jsonl or .b64l)"
    }

    /// The signals one record raises on its own, in ``AuditSignal/Kind`` order.
    func signals(for record: AuditRecord, policy: VerificationPolicy, deviceFailure: String?) -> [AuditSignal] {
        var signals: [AuditSignal] = []
        let own = [record.number]
        if !policy.bundleIDs.isEmpty, !(record.bundleID.map(policy.bundleIDs.containsBytes(of:)) ?? false) {
            signals.append(
                AuditSignal(
                    .bundleIDNotAllowed,
                    "bundle id \(record.bundleID ?? "(absent)") is not \(policy.bundleIDs.joined(separator: " or "))",
                    records: own))
        }
        if let required = policy.environment, record.environment != InputEnvironment(required) {
            signals.append(
                AuditSignal(
                    .environmentNotAllowed,
                    "environment \(record.environment?.rawValue ?? "(absent)") where \(required.rawValue) is required",
                    records: own))
        }
        if let deviceFailure {
            signals.append(AuditSignal(.deviceMismatch, deviceFailure, records: own))
        }
        if let created = record.creationDate, created > referenceTime {
            signals.append(
                AuditSignal(
                    .creationDateInFuture,
                    "receipt_creation_date \(created) is after \(referenceTime) (\(referenceTimeName))", records: own))
        }
        return signals
    }
}
