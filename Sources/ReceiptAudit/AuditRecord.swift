public import ReceiptKit

/// The audit's result for one input record: one JSON line of `appreceipt audit`'s output.
public struct AuditRecord: Sendable, Equatable {
    /// 1-based position in the whole input.
    public var number: Int
    /// The path, or `path:line` for a line of a records file.
    public var source: String
    /// The submitter's record id and user id, when the record carried them.
    public var id: String?
    /// The submitter's user id, which the cross-record signals are anchored on.
    public var userID: String?
    /// `app_receipt`, `xcode_receipt`, `ios6_transaction_receipt`, `storekit2_jws`, `storekit2_<body>`; nil
    /// when malformed.
    public var kind: InputKind?
    /// The verification verdict, or `malformed` when the record could not be parsed.
    public var verdict: AuditVerdict
    /// The ids of the checks whose status was fail or error, in check order.
    public var failedChecks: [AuditCheckID] = []
    /// SHA-256 of the container's DER (of the plist for an iOS 6 receipt): identifies these exact bytes.
    public var receiptSHA256: String?
    /// SHA-256 of the signed payload: identifies the receipt's content however its unsigned parts are encoded.
    public var payloadSHA256: String?
    /// From signed data only (``InputFacts``): the receipt payload, or the StoreKit 2 items (never an unsigned
    /// body around them).
    public var bundleID: String?
    /// From signed data only, as ``bundleID``; nil where nothing signed states one.
    public var environment: InputEnvironment?
    /// What an unsigned App Store Server API answer says of itself beside its signed items (`bundleId`,
    /// `environment`, `appAppleId`): shown, never counted or checked.
    public var unsignedClaims: [String: String] = [:]
    /// Where the input disagrees with itself (signed items with each other, or the unsigned body with them).
    public var warnings: [String] = []
    /// The receipt's creation date (an iOS 6 receipt's purchase date).
    public var creationDate: Timestamp?
    /// The purchases the signed data lists, in its order.
    public var transactions: [AuditTransaction] = []
    /// The fraud signals raised on this record: its own, then the cross-record ones ``SignalIndex`` adds.
    public var signals: [AuditSignal] = []
    /// Why the record is malformed (or, for a kind not verified yet, why there is no verification).
    public var error: AuditRecordError?

    /// A record with nothing known beyond its place and verdict; the auditor fills in the rest.
    ///
    /// - Parameters:
    ///   - number: 1-based position in the whole input.
    ///   - source: The path, or `path:line`.
    ///   - verdict: The verdict to start from.
    public init(number: Int, source: String, verdict: AuditVerdict) {
        self.number = number
        self.source = source
        self.verdict = verdict
    }

    /// A record that could not be parsed, with the reason.
    package static func malformed(number: Int, source: String, _ error: AuditRecordError) -> AuditRecord {
        var record = AuditRecord(number: number, source: source, verdict: .malformed)
        record.error = error
        return record
    }

    /// True unless the record is valid and carries no signal; `--only-problems` keeps these.
    public var isProblem: Bool { verdict != .valid || !signals.isEmpty }

    /// True when the receipt's signature and certificate chain held (no check about authenticity failed or
    /// errored, ``AuditCheckID/isAboutAuthenticity``, and every signed item could be read).
    ///
    /// Only such records feed the cross-record indexes: a forged receipt can claim anybody's transaction ids, and
    /// must not make an honest user's later receipt look shared. Field checks (bundle id, environment, device)
    /// do not matter here: a genuine receipt of another app is still a genuine receipt.
    public var hasAuthenticSignature: Bool {
        // An error on a record that is not malformed means part of it was not verified (an unreadable signed item).
        guard verdict != .malformed, kind != nil, error == nil else { return false }
        // A verdict other than valid with no failed check means nothing was verified (a kind not verified yet).
        if verdict != .valid && failedChecks.isEmpty { return false }
        return !failedChecks.contains(where: \.isAboutAuthenticity)
    }
}
