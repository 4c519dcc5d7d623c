package import ReceiptAudit
import ReceiptKit

/// What a report read and what it left out, so that nothing is dropped silently.
package struct ReportTallies: Sendable, Equatable {
    package internal(set) var auditRecords = 0
    /// Audit records whose purchases were counted (valid ones, or all but malformed with include-unverified).
    package internal(set) var countedAuditRecords = 0
    /// Audit records not counted, by verdict.
    package internal(set) var uncountedAuditRecords: [AuditVerdict: Int] = [:]
    package internal(set) var responses = 0
    package internal(set) var countedResponses = 0
    /// Responses not counted, by status.
    package internal(set) var uncountedResponses: [Int: Int] = [:]
    /// Every transaction read from counted inputs, repeats included.
    package internal(set) var transactionCopies = 0
    /// Distinct transactions (environment and transaction id).
    package internal(set) var uniqueTransactions = 0
    /// Transactions without a transaction id: they cannot be told apart, so they are not counted.
    package internal(set) var withoutTransactionID = 0
    /// Unique transactions shared through Family Sharing: not counted as events (the organiser's purchase is).
    package internal(set) var familyShared = 0
    /// Unique transactions without a purchase date: no purchase event can be placed on a day.
    package internal(set) var withoutPurchaseDate = 0
    /// Unique counted transactions whose inputs carried no offer flags (see ``ReportRow/offerFlagsUnknown``).
    package internal(set) var offerFlagsUnknown = 0
    /// Lines or documents that were neither an audit record nor a response, and the first few of them named.
    package internal(set) var unusableInputs = 0
    package internal(set) var unusableSamples: [String] = []
    package static let unusableSampleLimit = 20
}
